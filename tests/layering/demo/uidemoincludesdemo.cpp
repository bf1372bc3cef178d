// Must compile: the demo's interface, as ui/demo and main.cpp include it, names no connection.
#include "democommand.h"
#include "democontroller.h"
#include "demorun.h"
#include "demosandbox.h"
#include "embeddedsandbox.h"
int probe(const DemoRun &run, const DemoSandbox &sandbox, const EmbeddedSandbox &embedded)
{
    return run.primaryServer().port + sandbox.serverProfile(0).port + embedded.serverProfile().port;
}
