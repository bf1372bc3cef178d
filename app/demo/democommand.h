#pragma once

#include "clioptions.h"
#include "demoscenario.h"

#include <QList>
#include <QObject>
#include <QPair>

class DemoRun;
struct DemoSummary;

// `lockscope demo`: runs scenarios headless in their own sandboxes and prints one summary
// per run (a JSON line with --json). Without --variant both variants run, one after the
// other; without --scenario, every scenario does. `--list` lists them. Ctrl+C stops the run
// in progress, prints what it counted so far and stops every server.
class DemoCommand final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoCommand)

public:
    enum ExitCode { Done = 0, Usage = 2, SandboxError = 3 };

    explicit DemoCommand(const CliOptions &options, QObject *parent = nullptr);
    ~DemoCommand() override;

    int exec();

    static QByteArray listing(bool json);

private:
    bool plan(QString *error);
    void runNext();
    void onFinished(const DemoSummary &summary);
    void onEvent(qint64 timeMs, const QString &text, bool bad);
    void interrupt(int signalNumber);
    void finish(int code);
    void print(const QByteArray &text);

    CliOptions m_options;
    QList<QPair<const DemoScenario *, DemoVariant>> m_queue;
    DemoRun *m_run = nullptr;
    quint32 m_seed = 0;
    qint64 m_runStartedMs = 0;
    int m_violationLines = 0;
    int m_exitCode = Done;
    bool m_interrupted = false;
    bool m_finished = false;
};
