// One fuzz target: a function of arbitrary bytes that must neither crash, hang nor trip a
// sanitizer. LOCKSCOPE_FUZZ_TARGET(name) defines lockscopeFuzz_<name>; the libFuzzer build
// (LOCKSCOPE_FUZZ_ENTRY, one executable per target) also makes it the LLVMFuzzerTestOneInput of
// that executable, while fuzz_replay (the ordinary compiler, every target in one executable)
// calls each function by name on the kept corpus and regression inputs.
#pragma once

#include <QByteArray>
#include <QList>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#ifdef LOCKSCOPE_FUZZ_ENTRY
#define LOCKSCOPE_FUZZ_ENTRY_FOR(name)                                                             \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)              \
    {                                                                                              \
        return lockscopeFuzz_##name(data, size);                                                   \
    }
#else
#define LOCKSCOPE_FUZZ_ENTRY_FOR(name)
#endif

#define LOCKSCOPE_FUZZ_TARGET(name)                                                                \
    int lockscopeFuzz_##name(const std::uint8_t *data, std::size_t size);                          \
    LOCKSCOPE_FUZZ_ENTRY_FOR(name)                                                                 \
    int lockscopeFuzz_##name(const std::uint8_t *data, std::size_t size)

namespace lockscope::fuzz {

// The input as bytes, without a copy (valid while the call lasts).
inline QByteArray bytes(const std::uint8_t *data, std::size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

// Cuts an input into pieces at a separator byte that no seed needs elsewhere (the fuzzer learns
// it from the seeds). The pieces are copies: they outlive the input.
inline QList<QByteArray> splitInput(const QByteArray &input, char separator)
{
    QList<QByteArray> pieces;
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = input.indexOf(separator, from);
        pieces.append(QByteArray(input.constData() + from, (at < 0 ? input.size() : at) - from));
        if (at < 0)
            return pieces;
        from = at + 1;
    }
}

// A property every input must keep (a refusal names its reason, ...): a violation is a crash the
// fuzzer reports and the replay test fails on.
inline void require(bool holds)
{
    if (!holds)
        std::abort();
}

} // namespace lockscope::fuzz
