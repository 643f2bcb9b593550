#include "distribution.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace lockscope {

qint64 Distribution::sampleUs(Rng &rng) const
{
    switch (kind) {
    case Kind::Fixed:
        return qint64(std::llround(a * 1000.0));
    case Kind::Uniform:
        return qint64(std::llround((a + (b - a) * rng.unit()) * 1000.0));
    case Kind::Exponential: {
        // Inverse transform; 1 - unit() is in (0, 1], so the log is finite.
        const double u = 1.0 - rng.unit();
        return qint64(-std::log(u) * a * 1000.0 + 0.5);
    }
    }
    return 0;
}

double Distribution::meanMs() const
{
    return kind == Kind::Uniform ? (a + b) / 2 : a;
}

QString Distribution::toString() const
{
    switch (kind) {
    case Kind::Fixed:
        return QStringLiteral("%1 ms").arg(a);
    case Kind::Uniform:
        return QStringLiteral("uniform %1..%2 ms").arg(a).arg(b);
    case Kind::Exponential:
        return QStringLiteral("exponential, mean %1 ms").arg(a);
    }
    return {};
}

QJsonValue Distribution::toJson() const
{
    switch (kind) {
    case Kind::Fixed:
        return a;
    case Kind::Uniform:
        return QJsonObject{{QStringLiteral("uniform"), QJsonArray{a, b}}};
    case Kind::Exponential:
        return QJsonObject{{QStringLiteral("exponential"), a}};
    }
    return {};
}

bool Distribution::fromJson(const QJsonValue &v, Distribution *out, QString *error)
{
    if (v.isDouble()) {
        if (v.toDouble() < 0) {
            *error = QStringLiteral("must not be negative");
            return false;
        }
        *out = fixed(v.toDouble());
        return true;
    }
    const auto o = v.toObject();
    if (o.contains(QStringLiteral("uniform"))) {
        const auto r = o.value(QStringLiteral("uniform")).toArray();
        if (r.size() != 2 || !r[0].isDouble() || !r[1].isDouble() || r[0].toDouble() < 0 ||
            r[1].toDouble() < r[0].toDouble()) {
            *error = QStringLiteral("uniform needs [low, high] with 0 <= low <= high");
            return false;
        }
        *out = uniform(r[0].toDouble(), r[1].toDouble());
        return true;
    }
    if (o.contains(QStringLiteral("exponential"))) {
        const auto m = o.value(QStringLiteral("exponential"));
        if (!m.isDouble() || m.toDouble() < 0) {
            *error = QStringLiteral("exponential needs a mean >= 0");
            return false;
        }
        *out = exponential(m.toDouble());
        return true;
    }
    *error = QStringLiteral("expected a number of ms, {\"uniform\": [lo, hi]} or "
                            "{\"exponential\": mean}");
    return false;
}

} // namespace lockscope
