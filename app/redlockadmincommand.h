#pragma once

#include "clicommand.h"
#include "redlockadminservice.h"

class RedlockScanService;

// lockscope acquire | extend | release --redlock URL,URL,…: the action on every node of a
// Redlock group (RedlockAdminService), with the plan printed first, a question on a terminal,
// then what happened on each node (a table, or one JSON object with a "nodes" array). Exit
// codes as for one server: 0 done, 1 refused, 3 nodes not reachable or an unknown outcome.
// release --observed reads the key on every node first and guards each node by what it saw.
class RedlockAdminCommand final : public CliCommand
{
    Q_OBJECT

public:
    RedlockAdminCommand(const CliOptions &options, const DialectRegistry *registry, const AuditLog *audit,
                        QObject *parent = nullptr);

    static QByteArray table(const RedlockAdminResult &result);
    static QString outcomeWord(RedlockNodeResult::Outcome outcome);
    // Without a result: the dry run's line, each node with the guard it would be given.
    static QByteArray json(const RedlockAdminPlan &plan, const RedlockAdminResult *result);

protected:
    void run() override;

private:
    void observe();
    void execute(const RedlockAdminPlan &plan);

    const AuditLog *m_audit;
    RedlockAdminService *m_admin = nullptr;
    RedlockScanService *m_scan = nullptr;
};
