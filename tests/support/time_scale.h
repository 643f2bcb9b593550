// How much longer a test waits when the build under test runs slower than usual: the
// sanitizer builds (installer/sanitizer-check.sh) run several times slower and set
// LOCKSCOPE_TEST_TIME_SCALE. Waits for a condition and bounds on a program's run grow by this
// factor; they never replace waiting for the condition itself.
#pragma once

namespace lockscope::test {

// LOCKSCOPE_TEST_TIME_SCALE when it is a whole number of at least 1, otherwise 1.
int timeScale();

// ms times timeScale(), for a QTRY_*_WITH_TIMEOUT, a QSignalSpy::wait or a program's bound.
int scaledMs(int ms);

// A live run's time scale in a test: the one it would use, slowed down as much as the build
// under test is, so that a scenario's timing stays the story's, not the instrumentation's.
double liveScale(double scale);

} // namespace lockscope::test
