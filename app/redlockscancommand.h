#pragma once

#include "clicommand.h"
#include "redlockobservation.h"

#include <QSet>

class RedlockScanService;

// lockscope scan --redlock URL,URL,…: one scan of every node of a Redlock group, each lock key
// printed once with its quorum and what each node holds. --json prints a line per key;
// otherwise a table with a column per node, in the order given. A node that could not be
// scanned or read leaves the picture incomplete: the command says so and ends with exit code 3.
class RedlockScanCommand final : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;

    static QByteArray table(const QList<RedlockObservation> &observations, const QStringList &nodes, double driftFactor);

protected:
    void run() override;

private:
    void report(const QList<RedlockObservation> &observations);

    RedlockScanService *m_scan = nullptr;
    QSet<int> m_failedNodes; // nodes that could not be scanned
};
