#pragma once

#include "demoscenario.h"

#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <memory>

class DemoController;
class DemoNodeTableModel;
class DemoRun;
class DemoWorkerTableModel;
class LiveChart;
class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;
class QTextBrowser;
class RedlockEventDeriver;
class RedlockGroupView;
struct DemoSummary;

// The training panel: pick a scenario and its broken or fixed variant, read what it teaches
// beside live charts of the critical section, lock traffic, waits and violations (each one
// marked), and drive it — start/stop, workers, TTL, pause length, inject the fault, crash a
// worker, stop or start a server. Each run gets its own sandbox servers, started by the
// DemoController; the session layer follows the server the lock lives on.
class DemoPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoPanel)

public:
    explicit DemoPanel(DemoController *controller, QWidget *parent = nullptr);
    ~DemoPanel() override;

    void selectScenario(const QString &id);
    void selectVariant(DemoVariant variant);
    QString scenarioId() const;
    DemoVariant variant() const { return m_variant; }
    void start();
    void stop();
    bool isRunning() const;

    DemoRun *run() const;
    DemoWorkerTableModel *workerModel() const { return m_workerModel; }
    DemoNodeTableModel *nodeModel() const { return m_nodeModel; }
    LiveChart *occupancyChart() const { return m_occupancyChart; }
    QString explanationText() const;
    QString scoreText() const;

Q_SIGNALS:
    void runningChanged(bool running);

private:
    QWidget *buildControls();
    QWidget *buildCharts();
    QWidget *buildSide();
    void showScenario();
    void loadDefaults();
    void bindCharts();
    void refresh();
    void updateButtons();
    // The Redlock scenario's servers in the group view, with the group's events.
    void showGroup();
    void addEvent(qint64 timeMs, const QString &text, bool bad);
    void onViolation(qint64 timeMs, const QString &what);
    void onFinished(const DemoSummary &summary);
    void setSelectedServerUp(bool up);
    const DemoScenario *scenario() const;

    QComboBox *m_scenarioBox;
    QButtonGroup *m_variantGroup;
    QAbstractButton *m_unlockedButton;
    QTextBrowser *m_explanation;
    QSpinBox *m_workers;
    QSpinBox *m_ttl;
    QSpinBox *m_pause;
    QCheckBox *m_autoFaults;
    QPushButton *m_startButton;
    QPushButton *m_faultButton;
    QPushButton *m_crashButton;
    QLabel *m_score;
    LiveChart *m_occupancyChart;
    LiveChart *m_violationChart;
    LiveChart *m_trafficChart;
    LiveChart *m_waitChart;
    DemoWorkerTableModel *m_workerModel;
    DemoNodeTableModel *m_nodeModel;
    QTableView *m_workerView;
    QTableView *m_nodeView;
    QPushButton *m_stopServer;
    QPushButton *m_startServer;
    QListWidget *m_events;
    // The Redlock scenario's servers as an operator's group view shows a Redlock group.
    QWidget *m_groupBox;
    QGridLayout *m_chartGrid = nullptr;
    RedlockGroupView *m_groupView;
    std::unique_ptr<RedlockEventDeriver> m_groupEvents;
    QStringList m_groupNodes;

    DemoController *m_controller;
    QPointer<DemoRun> m_run;
    DemoVariant m_variant = DemoVariant::Broken;
    qint64 m_lastMarkerMs = 0;
    qint64 m_runStartedMs = 0;
    QTimer m_refresh;
};
