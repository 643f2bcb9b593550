// The texts of a scenario in the window's language. A scenario file carries its title, its
// explanation and its captions in English and Chinese; the one-line summaries of the built-in
// scenarios are translated through the .ts files (scenario_texts.cpp lists them for lupdate).
#pragma once

#include "sim/scenario.h"

#include <QString>
#include <QStringList>

namespace lockscope::ui {

// The scenario's summary in the current language (the file's own text when it has no
// translation, e.g. a user's scenario file).
QString scenarioSummary(const Scenario &scenario);

// The scenario's title and explanation in `language` (a language code such as "zh_CN"): the
// file's translation when it has one, else its own text.
QString scenarioTitle(const Scenario &scenario, const QString &language);
QString scenarioExplanation(const Scenario &scenario, const QString &language);

// The English summaries that have a translation; a test checks every built-in scenario is there.
QStringList translatableScenarioSummaries();

} // namespace lockscope::ui
