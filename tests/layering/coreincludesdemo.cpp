// Must not compile: the monitoring core uses the training module.
#include "demorun.h"
int probe() { return int(sizeof(DemoRun)); }
