#pragma once

#include <QCoreApplication>

class DialectRegistry;

// `lockscope dialects`: every lock layout LockScope reads, and which admin actions it can run
// on each (with the reason where it cannot). Needs no server.
class DialectsCommand final
{
    Q_DECLARE_TR_FUNCTIONS(DialectsCommand)

public:
    static int run(const DialectRegistry &registry, bool json);
};
