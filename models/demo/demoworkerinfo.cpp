#include "demoworkerinfo.h"

QString DemoWorkerInfo::stateName(DemoWorkerState state)
{
    switch (state) {
    case DemoWorkerState::Idle:
        return QStringLiteral("idle");
    case DemoWorkerState::Waiting:
        return QStringLiteral("waiting");
    case DemoWorkerState::Holding:
        return QStringLiteral("holding");
    case DemoWorkerState::Paused:
        return QStringLiteral("paused");
    case DemoWorkerState::Crashed:
        return QStringLiteral("crashed");
    case DemoWorkerState::Done:
        return QStringLiteral("done");
    }
    return QString();
}
