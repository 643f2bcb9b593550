// lockscope: the window. Everything lives in lockscope_ui; see ui/app.h for the options.
#include "app.h"

int main(int argc, char *argv[])
{
    return lockscope::ui::runLockScope(argc, argv);
}
