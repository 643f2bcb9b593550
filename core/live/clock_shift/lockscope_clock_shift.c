// Preloaded (LD_PRELOAD) into a redis-server that the live scenario runner starts, so that the
// node's wall clock can jump while it runs: scenario node-clock-jump, where a jump expires a
// lock early on one Redlock node. Redis reads its wall clock for every expiry decision.
//
// Why not Debian's libfaketime: redis-server is linked with jemalloc, which reads the clock
// while libfaketime is still initialising itself (dlsym allocates), and the server then fails
// to start ("Unexpected recursive calls to clock_gettime()", libfaketime issue #130, unfixed).
// This shim needs no initialisation that allocates: it maps the offset file on first use and
// asks the kernel for the time directly, then adds the offset.
//
// The offset file (LOCKSCOPE_CLOCK_FILE) holds one native int64: microseconds added to the
// wall clock. The runner rewrites it in place; the mapping is shared, so the next clock reading
// sees the new value. The monotonic clock is left alone, as a stepped host clock would leave it.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static const volatile int64_t *offset_us;
static int state; // 0: not tried yet, 1: mapped, -1: no file (no offset)

static int64_t offset(void)
{
    int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (s == 0) {
        const char *path = getenv("LOCKSCOPE_CLOCK_FILE");
        const int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
        void *p = fd >= 0 ? mmap(NULL, sizeof(int64_t), PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
        if (fd >= 0)
            close(fd);
        // Two threads racing here both map the file: harmless, both mappings show the same page.
        if (p != MAP_FAILED)
            offset_us = (const volatile int64_t *)p;
        s = p != MAP_FAILED ? 1 : -1;
        __atomic_store_n(&state, s, __ATOMIC_RELEASE);
    }
    return s == 1 ? *offset_us : 0;
}

static int is_wall_clock(clockid_t id)
{
    return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
    const long r = syscall(SYS_clock_gettime, id, ts);
    if (r != 0 || !is_wall_clock(id))
        return (int)r;
    const int64_t shift = offset();
    int64_t ns = (int64_t)ts->tv_nsec + (shift % 1000000) * 1000;
    int64_t sec = (int64_t)ts->tv_sec + shift / 1000000;
    while (ns < 0) {
        ns += 1000000000;
        --sec;
    }
    while (ns >= 1000000000) {
        ns -= 1000000000;
        ++sec;
    }
    ts->tv_sec = (time_t)sec;
    ts->tv_nsec = (long)ns;
    return 0;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    (void)tz;
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return -1;
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = (suseconds_t)(ts.tv_nsec / 1000);
    return 0;
}

time_t time(time_t *out)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return (time_t)-1;
    if (out)
        *out = ts.tv_sec;
    return ts.tv_sec;
}
