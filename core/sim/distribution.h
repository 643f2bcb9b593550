// A time distribution for hold and think times: fixed, uniform or exponential, in milliseconds.
// JSON forms: 20, {"uniform": [10, 30]}, {"exponential": 25}.
#pragma once

#include "rng.h"

#include <QJsonValue>
#include <QString>

namespace lockscope {

struct Distribution {
    enum class Kind : quint8 { Fixed, Uniform, Exponential };
    Kind kind = Kind::Fixed;
    double a = 0; // fixed value, uniform low, or exponential mean
    double b = 0; // uniform high

    static Distribution fixed(double ms) { return {Kind::Fixed, ms, ms}; }
    static Distribution uniform(double lo, double hi) { return {Kind::Uniform, lo, hi}; }
    static Distribution exponential(double mean) { return {Kind::Exponential, mean, 0}; }

    // A sample in microseconds.
    qint64 sampleUs(Rng &rng) const;
    double meanMs() const;
    QString toString() const;

    // False with *error when the value is not one of the forms above or is negative.
    static bool fromJson(const QJsonValue &v, Distribution *out, QString *error);
    // The JSON form fromJson reads back as this distribution (a fixed one's b is not written:
    // fromJson sets it to a).
    QJsonValue toJson() const;
    // Same kind and parameters (b only counts for uniform).
    bool sameAs(const Distribution &other) const
    {
        return kind == other.kind && a == other.a && (kind != Kind::Uniform || b == other.b);
    }
};

} // namespace lockscope
