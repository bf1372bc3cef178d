#pragma once

#include "connectionprofile.h"

#include <QObject>

// Something that starts a Redis server of its own and says where it is once it answers:
// the embedded sandbox with sample locks. The session layer connects to it without knowing
// what it is, so the monitoring core does not depend on the training module that provides it.
class ServerLauncher : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerLauncher)

public:
    using QObject::QObject;
    ~ServerLauncher() override;

    virtual void start() = 0;

Q_SIGNALS:
    void ready(const ConnectionProfile &server);
    void failed(const QString &message);
};
