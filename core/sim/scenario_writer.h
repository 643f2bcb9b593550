// Writes a Scenario as a scenario file: the inverse of parseScenario (scenario.h). Explore's
// counterexamples are Scenario structs; written with scenarioToJson they open in the window and
// replay identically (parseScenario(scenarioToJson(s)) gives back s, field by field).
//
// Only fields that differ from their defaults are written, so files stay short: top-level fields
// that differ from Scenario{}'s, a client_list entry's fields that differ from what parseClient
// fills in from the scenario, fault and caption fields that differ from FaultSpec{} and Caption{}.
// The id is always written, as are the fields the parser requires (a client's name, a fault's
// action and trigger, a caption's "on" and "text").
//
// What the file format cannot say, so what does not survive a write and a parse:
// - clientCount when client_list is not empty and the two disagree: the list is the cast (the
//   parser refuses a "clients" that disagrees with it) and the count is then unused by a run;
//   "clients" is written only when it equals the list's length.
// - keyCount when keyNames is not empty and the two disagree: the names are the keys (the
//   parser refuses a "keys" that disagrees), so "keys" is written only without key_names.
// - a schedule entry's times below the microsecond (ScheduledHold keeps whole microseconds).
// - a title or explanation translation "en" that differs from title / explanation: the parser
//   takes the English text from "en", so title / explanation win and are written as "en".
// - a fixed distribution's b (fromJson sets it to a); negative, NaN or infinite numbers.
// - a trigger with no step and at_ms < 0, a client without a name, a caption without text, an
//   unknown step or event kind: invalid scenarios, which parseScenario refuses.
#pragma once

#include "scenario.h"

#include <QByteArray>
#include <QJsonObject>

namespace lockscope {

// The scenario as a JSON object (QJsonObject keeps its keys sorted).
QJsonObject scenarioToJsonObject(const Scenario &scenario);

// The scenario file: UTF-8 JSON indented by two spaces, keys in the order of the built-in files
// (id, title, summary, explanation, the workload's fields, the world's, client_list, faults,
// captions), ending with a newline. The same scenario always gives the same bytes.
QByteArray scenarioToJson(const Scenario &scenario);

// Writes scenarioToJson(scenario) to `path` through QSaveFile, so that a file that cannot be
// written is left as it was. On failure, `why` is the file's error (the caller names the file,
// in its own words).
bool writeScenarioFile(const QString &path, const Scenario &scenario, QString *why);

} // namespace lockscope
