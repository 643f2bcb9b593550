// Whether the window can open at all. Without a display Qt's platform plugin ends the program
// with abort() (exit 134) and a paragraph about reinstalling the application; lockscope says in
// one line what is missing and what to run instead, and exits with 2 (issue 12).
#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace lockscope::ui {

// The one line to print when the environment names no display the window could use (empty when
// it names one, or names a platform this check does not know, which Qt then tries itself).
QString missingDisplayMessage(const QProcessEnvironment &environment);

// The same line when the display named could not be opened after all (DISPLAY set, no X server).
QString unreachableDisplayMessage();

} // namespace lockscope::ui
