#include "demoworkerinfo.h"

QString DemoWorkerInfo::stateName(DemoWorkerState state)
{
    switch (state) {
    case DemoWorkerState::Idle:
        return tr("idle");
    case DemoWorkerState::Waiting:
        return tr("waiting");
    case DemoWorkerState::Holding:
        return tr("holding");
    case DemoWorkerState::Paused:
        return tr("paused");
    case DemoWorkerState::Crashed:
        return tr("crashed");
    case DemoWorkerState::Done:
        return tr("done");
    }
    return QString();
}
