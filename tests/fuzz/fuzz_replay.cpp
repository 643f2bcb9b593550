// fuzz_replay TARGET DIR...: runs one fuzz target's function on every file under the given
// directories (its corpus and the inputs that once crashed it), built with the ordinary
// compiler, so the normal test suite replays them without clang or libFuzzer. A crash, an
// abort, a failed requirement or an input running over 10 s fails; the file being read is
// printed first.
#include "fuzz_target.h"
#include "fuzz_target_list.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>
#include <map>
#include <string>

#define LOCKSCOPE_DECLARE_FUZZ_TARGET(name)                                                        \
    int lockscopeFuzz_##name(const std::uint8_t *data, std::size_t size);
LOCKSCOPE_FUZZ_TARGETS(LOCKSCOPE_DECLARE_FUZZ_TARGET)

constexpr qint64 kHangMs = 10'000;

int main(int argc, char **argv)
{
    using Target = int (*)(const std::uint8_t *, std::size_t);
#define LOCKSCOPE_NAME_FUZZ_TARGET(name) {#name, &lockscopeFuzz_##name},
    const std::map<std::string, Target> targets{LOCKSCOPE_FUZZ_TARGETS(LOCKSCOPE_NAME_FUZZ_TARGET)};
    const auto target = argc >= 3 ? targets.find(argv[1]) : targets.end();
    if (target == targets.end()) {
        std::fprintf(stderr, "usage: fuzz_replay TARGET DIR... (TARGET: one of");
        for (const auto &[name, function] : targets)
            std::fprintf(stderr, " %s", name.c_str());
        std::fprintf(stderr, ")\n");
        return 2;
    }
    int files = 0;
    for (int i = 2; i < argc; ++i) {
        const QString dir = QString::fromLocal8Bit(argv[i]);
        if (!QFileInfo(dir).isDir()) {
            std::fprintf(stderr, "fuzz_replay: %s is not a directory\n", argv[i]);
            return 2;
        }
        QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "fuzz_replay: cannot read %s\n", qPrintable(file.fileName()));
                return 1;
            }
            const QByteArray input = file.readAll();
            std::fprintf(stderr, "%s\n", qPrintable(file.fileName()));
            QElapsedTimer clock;
            clock.start();
            target->second(reinterpret_cast<const std::uint8_t *>(input.constData()),
                           std::size_t(input.size()));
            // As in the fuzz runs (-timeout=10): an input this slow is a hang.
            if (clock.elapsed() > kHangMs) {
                std::fprintf(stderr, "fuzz_replay: %s took %lld ms (a hang: more than %lld)\n",
                             qPrintable(file.fileName()), clock.elapsed(), kHangMs);
                return 1;
            }
            ++files;
        }
    }
    // An empty corpus would make this test pass without reading anything.
    if (files == 0) {
        std::fprintf(stderr, "fuzz_replay: no input found for %s\n", argv[1]);
        return 1;
    }
    std::printf("%s: %d inputs replayed\n", argv[1], files);
    return 0;
}
