#pragma once

#include "clicommand.h"
#include "lockinfo.h"

class DiscoveryService;

// lockscope scan: one discovery pass. --json streams JSON Lines as batches are inspected;
// otherwise a table sorted by key is printed at the end.
class ScanCommand final : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;

    // Also used by watch to reprint the table.
    // withNode: a NODE column (the master each lock lives on), for deployments of several.
    static QByteArray table(QList<LockInfo> locks, qint64 nowMs, bool withNode = false);
    static QString stateWord(const LockInfo &lock, qint64 nowMs);

protected:
    void run() override;

private:
    static QString stateWordOf(const LockInfo &lock, qint64 nowMs);

    DiscoveryService *m_discovery = nullptr;
    QList<LockInfo> m_locks;
    QStringList m_unreadable; // the first few keys that could not be read, for the text summary
};
