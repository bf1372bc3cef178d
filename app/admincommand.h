#pragma once

#include "adminplan.h"
#include "clicommand.h"
#include "lockinfo.h"

class AdminService;
class AuditLog;
class KeyInspector;

// lockscope acquire | extend | release: reads the lock as it is now (so the action uses its
// dialect's script, guarded by exactly what this read saw), prints that guard, shows the
// plan, asks when stdin is a terminal, runs it, and exits 0 done / 1 refused / 3 connection
// error or unknown outcome (sent, no answer: it may have run).
class AdminCommand final : public CliCommand
{
    Q_OBJECT

public:
    AdminCommand(const CliOptions &options, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent = nullptr);

protected:
    void run() override;
    void connectionFailed(const QString &message) override;

private:
    void onObserved(const std::optional<LockInfo> &lock);
    AdminAction requestedAction() const;
    void execute(const AdminPlan &plan);
    void dryRunAcquire(const AdminPlan &plan);
    void dryRunFairQueue(const AdminPlan &plan);
    // The action's JSON line: what it is for, and its result ("dry-run" with the command it
    // would run).
    QByteArray json(const AdminPlan &plan, const QString &result, const QString &message, const QString &node = {}) const;

    AdminService *m_admin = nullptr;
    KeyInspector *m_inspector = nullptr;
    QString m_observedOn; // the node the lock was read on (an importing node after ASK)
    bool m_unread = false; // the lock could not be read, so nothing ran
};
