#include "demopanel.h"

#include "democontroller.h"

#include "demonodetablemodel.h"
#include "demoredlockreading.h"
#include "demorun.h"
#include "demoworkertablemodel.h"
#include "livechart.h"
#include "monotonicclock.h"
#include "redlockeventderiver.h"
#include "redlockgroupmodel.h"
#include "redlockgroupview.h"

#include <algorithm>

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
constexpr int refreshMs = 200;
constexpr int maxEvents = 400;
constexpr qint64 markerSpacingMs = 250; // a storm of violations gets one marker per quarter second
const QColor violationColor(0xb3, 0x26, 0x1e);

QTableView *compactTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setHighlightSections(false);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setWordWrap(false);
    view->setAlternatingRowColors(true);
    return view;
}
} // namespace

DemoPanel::DemoPanel(DemoController *controller, QWidget *parent)
    : QWidget(parent)
    , m_workerModel(new DemoWorkerTableModel(this))
    , m_nodeModel(new DemoNodeTableModel(this))
    , m_controller(controller)
{
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(buildControls());
    splitter->addWidget(buildCharts());
    splitter->addWidget(buildSide());
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    splitter->setSizes({380, 760, 400});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    m_refresh.setInterval(refreshMs);
    connect(&m_refresh, &QTimer::timeout, this, &DemoPanel::refresh);
    m_refresh.start();

    selectScenario(DemoScenario::catalog().first().id);
    updateButtons();
}

DemoPanel::~DemoPanel()
{
    // The run's servers go with it (their processes are killed, not left behind).
    delete m_run;
}

QWidget *DemoPanel::buildControls()
{
    auto *box = new QWidget(this);
    m_scenarioBox = new QComboBox(box);
    for (const DemoScenario &s : DemoScenario::catalog())
        m_scenarioBox->addItem(QStringLiteral("%1 — %2").arg(s.id, DemoScenario::translated(s.title)), s.id);
    connect(m_scenarioBox, &QComboBox::currentIndexChanged, this, [this] {
        const bool wasRunning = isRunning();
        if (!scenario()->hasVariant(m_variant))
            m_variant = DemoVariant::Broken;
        loadDefaults();
        showScenario();
        if (wasRunning)
            start();
    });

    m_variantGroup = new QButtonGroup(box);
    m_variantGroup->setExclusive(true);
    auto *variants = new QHBoxLayout;
    variants->setSpacing(2);
    for (DemoVariant v : {DemoVariant::Unlocked, DemoVariant::Broken, DemoVariant::Fixed}) {
        auto *button = new QToolButton(box);
        button->setText(DemoScenario::variantTitle(v));
        button->setCheckable(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        m_variantGroup->addButton(button, int(v));
        variants->addWidget(button);
        if (v == DemoVariant::Unlocked)
            m_unlockedButton = button;
    }
    connect(m_variantGroup, &QButtonGroup::idClicked, this, [this](int id) { selectVariant(DemoVariant(id)); });

    m_explanation = new QTextBrowser(box);
    m_explanation->setOpenLinks(false);
    m_explanation->setMinimumHeight(120);

    m_workers = new QSpinBox(box);
    m_workers->setRange(1, 32);
    m_workers->setToolTip(tr("Simulated workers, each with its own connection"));
    m_ttl = new QSpinBox(box);
    m_ttl->setRange(20, 120000);
    m_ttl->setSingleStep(100);
    m_ttl->setSuffix(tr(" ms"));
    m_ttl->setToolTip(tr("The lock's TTL for the next acquisitions and renewals"));
    m_pause = new QSpinBox(box);
    m_pause->setRange(0, 60000);
    m_pause->setSingleStep(100);
    m_pause->setSuffix(tr(" ms"));
    m_pause->setToolTip(tr("How long an injected stall lasts (a GC pause, slow I/O)"));
    m_autoFaults = new QCheckBox(tr("Inject the fault on schedule"), box);
    m_autoFaults->setChecked(true);
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int n) {
        if (m_run)
            m_run->setWorkerCount(n);
    });
    connect(m_ttl, &QSpinBox::valueChanged, this, [this](int ms) {
        if (m_run)
            m_run->setTtlMs(ms);
        showScenario();
    });
    connect(m_pause, &QSpinBox::valueChanged, this, [this](int ms) {
        if (m_run)
            m_run->setPauseMs(ms);
        showScenario();
    });
    connect(m_autoFaults, &QCheckBox::toggled, this, [this](bool on) {
        if (m_run)
            m_run->setAutomaticFaults(on);
    });
    auto *form = new QFormLayout;
    form->addRow(tr("Workers"), m_workers);
    form->addRow(tr("Lock TTL"), m_ttl);
    form->addRow(tr("Pause length"), m_pause);
    form->addRow(m_autoFaults);

    m_startButton = new QPushButton(tr("Start"), box);
    m_startButton->setDefault(true);
    connect(m_startButton, &QPushButton::clicked, this, [this] { isRunning() ? stop() : start(); });
    m_faultButton = new QPushButton(tr("Inject fault"), box);
    m_faultButton->setToolTip(tr("Arm the scenario's fault now: the next worker to reach it gets it"));
    connect(m_faultButton, &QPushButton::clicked, this, [this] {
        if (m_run)
            m_run->injectFault();
    });
    m_crashButton = new QPushButton(tr("Crash a worker"), box);
    m_crashButton->setToolTip(tr("Kill a worker like kill -9 (a holder if there is one): it releases nothing"));
    connect(m_crashButton, &QPushButton::clicked, this, [this] {
        if (!m_run)
            return;
        const QModelIndex current = m_workerView->currentIndex();
        const int selected = current.isValid() ? m_workerModel->workers().value(current.row()).id : -1;
        m_run->crashWorker(selected);
    });
    auto *buttons = new QGridLayout;
    buttons->addWidget(m_startButton, 0, 0, 1, 2);
    buttons->addWidget(m_faultButton, 1, 0);
    buttons->addWidget(m_crashButton, 1, 1);

    m_score = new QLabel(box);
    m_score->setTextFormat(Qt::RichText);
    m_score->setWordWrap(true);
    m_score->setMinimumHeight(m_score->fontMetrics().height() * 4);

    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->addWidget(m_scenarioBox);
    layout->addLayout(variants);
    layout->addWidget(m_explanation, 1);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_score);
    box->setMinimumWidth(300);
    return box;
}

QWidget *DemoPanel::buildCharts()
{
    auto *box = new QWidget(this);
    m_occupancyChart = new LiveChart(tr("Workers inside the critical section"), box);
    m_occupancyChart->setValueLabel(tr("workers"));
    m_violationChart = new LiveChart(tr("Violations per second"), box);
    m_trafficChart = new LiveChart(tr("Lock traffic per second"), box);
    m_trafficChart->setValueLabel(tr("acquired · gave up"));
    m_trafficChart->setValueLabel(tr("attempts"), LiveChart::Axis::Right);
    m_waitChart = new LiveChart(tr("Wait for the lock (ms)"), box);
    m_waitChart->setValueLabel(tr("ms"));
    for (LiveChart *chart : {m_occupancyChart, m_violationChart, m_trafficChart, m_waitChart})
        chart->setWindow(30'000); // a demo is about the last few seconds
    auto *grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    grid->addWidget(m_occupancyChart, 0, 0);
    grid->addWidget(m_violationChart, 0, 1);
    grid->addWidget(m_trafficChart, 1, 0);
    grid->addWidget(m_waitChart, 1, 1);
    // The Redlock scenario's servers through the operator's group view, under the charts.
    m_groupBox = new QGroupBox(tr("The servers as a Redlock group, as an operator sees one"), box);
    auto *gl = new QVBoxLayout(m_groupBox);
    gl->setContentsMargins(4, 4, 4, 4);
    m_groupView = new RedlockGroupView(m_groupBox);
    m_groupView->setObjectName(QStringLiteral("demoRedlockGroup"));
    gl->addWidget(m_groupView);
    m_groupBox->hide();
    grid->addWidget(m_groupBox, 2, 0, 1, 2);
    grid->setRowStretch(0, 1);
    grid->setRowStretch(1, 1);
    m_chartGrid = grid; // the group's row takes room only while it shows (showGroup())
    return box;
}

QWidget *DemoPanel::buildSide()
{
    auto *box = new QWidget(this);
    m_workerView = compactTable(m_workerModel, box);
    // The short columns take what they show, so that what each worker is doing (the last,
    // the one that says most) keeps the rest of a narrow panel.
    for (int column = 0; column < m_workerModel->columnCount() - 1; ++column)
        m_workerView->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    // Compact widths for English, never narrower than a (translated) header's text.
    QHeaderView *header = m_workerView->horizontalHeader();
    const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
    for (const auto &[column, width] : {std::pair{int(DemoWorkerTableModel::WorkerColumn), 44},
                                        std::pair{int(DemoWorkerTableModel::StateColumn), 80},
                                        std::pair{int(DemoWorkerTableModel::AcquisitionsColumn), 40},
                                        std::pair{int(DemoWorkerTableModel::FailuresColumn), 56},
                                        std::pair{int(DemoWorkerTableModel::LastWaitColumn), 70}})
        m_workerView->setColumnWidth(column, std::max(width, header->fontMetrics().horizontalAdvance(
                                                                 m_workerModel->headerData(column, Qt::Horizontal).toString()) + margins));
    m_nodeView = compactTable(m_nodeModel, box);
    m_nodeView->setColumnWidth(DemoNodeTableModel::NodeColumn, 100);
    m_nodeView->setColumnWidth(DemoNodeTableModel::StateColumn, 60);
    m_nodeView->setColumnWidth(DemoNodeTableModel::RoleColumn, 60);
    m_nodeView->setColumnWidth(DemoNodeTableModel::HolderColumn, 56);
    m_stopServer = new QPushButton(tr("Stop server"), box);
    m_stopServer->setToolTip(tr("Shut the selected server down (SIGTERM)"));
    m_startServer = new QPushButton(tr("Start server"), box);
    m_startServer->setToolTip(tr("Start the selected server again, on its port and empty"));
    connect(m_stopServer, &QPushButton::clicked, this, [this] { setSelectedServerUp(false); });
    connect(m_startServer, &QPushButton::clicked, this, [this] { setSelectedServerUp(true); });
    connect(m_nodeView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DemoPanel::updateButtons);
    m_events = new QListWidget(box);
    m_events->setWordWrap(true);
    m_events->setUniformItemSizes(false);

    auto *workers = new QGroupBox(tr("Workers"), box);
    auto *wl = new QVBoxLayout(workers);
    wl->setContentsMargins(4, 4, 4, 4);
    wl->addWidget(m_workerView);
    auto *servers = new QGroupBox(tr("Servers: who holds the lock on each"), box);
    auto *sl = new QVBoxLayout(servers);
    sl->setContentsMargins(4, 4, 4, 4);
    sl->addWidget(m_nodeView);
    auto *serverButtons = new QHBoxLayout;
    serverButtons->addWidget(m_stopServer);
    serverButtons->addWidget(m_startServer);
    sl->addLayout(serverButtons);
    auto *events = new QGroupBox(tr("What happened"), box);
    auto *el = new QVBoxLayout(events);
    el->setContentsMargins(4, 4, 4, 4);
    el->addWidget(m_events);

    auto *split = new QSplitter(Qt::Vertical, box);
    split->addWidget(workers);
    split->addWidget(servers);
    split->addWidget(events);
    split->setSizes({200, 150, 220});
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 0, 0, 0);
    layout->addWidget(split);
    box->setMinimumWidth(300);
    return box;
}

DemoRun *DemoPanel::run() const
{
    return m_run;
}

const DemoScenario *DemoPanel::scenario() const
{
    const DemoScenario *s = DemoScenario::find(m_scenarioBox->currentData().toString());
    return s ? s : &DemoScenario::catalog().first();
}

QString DemoPanel::scenarioId() const
{
    return scenario()->id;
}

void DemoPanel::selectScenario(const QString &id)
{
    const int index = m_scenarioBox->findData(id);
    if (index < 0)
        return;
    if (index == m_scenarioBox->currentIndex()) {
        loadDefaults();
        showScenario();
        return;
    }
    m_scenarioBox->setCurrentIndex(index); // loads defaults and explains, via the signal
}

void DemoPanel::selectVariant(DemoVariant variant)
{
    if (!scenario()->hasVariant(variant) || variant == m_variant) {
        showScenario();
        return;
    }
    const bool wasRunning = isRunning();
    m_variant = variant;
    loadDefaults();
    showScenario();
    if (wasRunning)
        start();
}

void DemoPanel::loadDefaults()
{
    const DemoScenario::Variant *v = scenario()->variant(m_variant);
    if (!v)
        return;
    const QSignalBlocker b1(m_workers), b2(m_ttl), b3(m_pause);
    m_workers->setValue(v->defaults.workers);
    m_ttl->setValue(v->defaults.ttlMs);
    m_pause->setValue(v->defaults.pauseMs);
    m_pause->setEnabled(v->recipe.fault != DemoRecipe::Fault::None || v->recipe.job == DemoRecipe::Job::Recursive);
}

void DemoPanel::showScenario()
{
    const DemoScenario *s = scenario();
    for (QAbstractButton *b : m_variantGroup->buttons()) {
        const DemoVariant v = DemoVariant(m_variantGroup->id(b));
        b->setVisible(s->hasVariant(v));
        b->setChecked(v == m_variant);
    }
    const DemoScenario::Variant *v = s->variant(m_variant);
    if (!v)
        return;
    DemoParameters p = v->defaults;
    p.workers = m_workers->value();
    p.ttlMs = m_ttl->value();
    p.pauseMs = m_pause->value();
    QString html = QStringLiteral("<h3 style='margin:0'>%1</h3><p>%2</p>").arg(DemoScenario::translated(s->title).toHtmlEscaped(),
                                                                                            DemoScenario::translated(s->lesson).toHtmlEscaped());
    const QString colour = m_variant == DemoVariant::Fixed ? QStringLiteral("#1b7f3b") : QStringLiteral("#b3261e");
    html += QStringLiteral("<p><b style='color:%1'>%2:</b> %3</p>")
                .arg(colour, DemoScenario::variantTitle(m_variant).toHtmlEscaped(), s->variantText(m_variant, p).toHtmlEscaped());
    html += QStringLiteral("<p style='font-family:monospace; font-size:small'>");
    for (const QString &line : v->recipe.describe(p.ttlMs))
        html += line.toHtmlEscaped() + QStringLiteral("<br>");
    html += QStringLiteral("</p>");
    m_explanation->setHtml(html);
}

QString DemoPanel::explanationText() const
{
    return m_explanation->toPlainText();
}

QString DemoPanel::scoreText() const
{
    return m_score->text();
}

bool DemoPanel::isRunning() const
{
    return m_run && (m_run->isRunning() || !m_run->isFinished());
}

void DemoPanel::start()
{
    if (m_run)
        m_run->disconnect(this);
    const DemoScenario *s = scenario();
    const DemoScenario::Variant *v = s->variant(m_variant);
    if (!v)
        return;
    DemoParameters p = v->defaults;
    p.workers = m_workers->value();
    p.ttlMs = m_ttl->value();
    p.pauseMs = m_pause->value();
    p.automaticFaults = m_autoFaults->isChecked();
    p.durationMs = 0; // until stopped
    p.seed = QRandomGenerator::global()->generate();

    m_events->clear();
    m_lastMarkerMs = 0;
    m_runStartedMs = 0;
    m_run = m_controller->prepare(*s, m_variant, p);
    connect(m_run, &DemoRun::ready, this, &DemoPanel::updateButtons);
    connect(m_run, &DemoRun::failed, this, [this](const QString &message) {
        addEvent(QDateTime::currentMSecsSinceEpoch(), tr("Could not start the sandbox: %1").arg(message), true);
        updateButtons();
    });
    connect(m_run, &DemoRun::eventLogged, this, &DemoPanel::addEvent);
    connect(m_run, &DemoRun::violationOccurred, this, &DemoPanel::onViolation);
    connect(m_run, &DemoRun::finished, this, &DemoPanel::onFinished);
    bindCharts();
    m_run->start();
    updateButtons();
    Q_EMIT runningChanged(true);
}

void DemoPanel::stop()
{
    if (m_run)
        m_run->stop(); // the servers stay up: the aftermath is in the lock table
}

void DemoPanel::onFinished(const DemoSummary &)
{
    refresh();
    updateButtons();
    Q_EMIT runningChanged(false);
}

void DemoPanel::bindCharts()
{
    for (LiveChart *chart : {m_occupancyChart, m_violationChart, m_trafficChart, m_waitChart}) {
        chart->removeAllSeries();
        chart->clearMarkers();
    }
    const DemoSeries &series = m_run->series();
    m_occupancyChart->addSeries(tr("inside"), &series.occupancy, QColor(0x1f, 0x5f, 0xbf), LiveChart::Style::Step);
    const bool purchase = m_run->recipe().job == DemoRecipe::Job::Purchase;
    // The stock shares the axis: it says so.
    m_occupancyChart->setValueLabel(purchase ? tr("workers · stock") : tr("workers"));
    if (purchase)
        m_occupancyChart->addSeries(tr("stock left"), &series.stock, QColor(0x8a, 0x5a, 0x00), LiveChart::Style::Step);
    m_violationChart->addSeries(tr("violations"), &series.violations, violationColor, LiveChart::Style::Step);
    m_trafficChart->addSeries(tr("acquired"), &series.acquisitions, QColor(0x1b, 0x7f, 0x3b), LiveChart::Style::Step);
    m_trafficChart->addSeries(tr("gave up"), &series.failures, QColor(0xd0, 0x70, 0x00), LiveChart::Style::Step);
    // A retrying waiter makes hundreds of attempts a second: on an axis of their own.
    m_trafficChart->addSeries(tr("attempts"), &series.attempts, QColor(0x80, 0x80, 0x80), LiveChart::Style::Step,
                              LiveChart::Axis::Right);
    m_waitChart->addSeries(tr("wait"), &series.waits, QColor(0x6a, 0x1b, 0x9a), LiveChart::Style::Dots);
}

void DemoPanel::onViolation(qint64 timeMs, const QString &what)
{
    if (timeMs - m_lastMarkerMs < markerSpacingMs)
        return;
    m_lastMarkerMs = timeMs;
    m_occupancyChart->addMarker(timeMs, what, violationColor);
    m_violationChart->addMarker(timeMs, what, violationColor);
}

void DemoPanel::addEvent(qint64 timeMs, const QString &text, bool bad)
{
    if (m_runStartedMs == 0)
        m_runStartedMs = timeMs;
    auto *item = new QListWidgetItem(QStringLiteral("%1 s  %2").arg((timeMs - m_runStartedMs) / 1000.0, 0, 'f', 2).arg(text));
    if (bad)
        item->setForeground(violationColor);
    m_events->addItem(item);
    while (m_events->count() > maxEvents)
        delete m_events->takeItem(0);
    m_events->scrollToBottom();
}

void DemoPanel::refresh()
{
    if (!m_run) {
        m_score->setText(tr("<span style='color:gray'>Pick a scenario and press Start. Each run starts its own "
                            "redis-server(s); they stop when the run is replaced or LockScope closes.</span>"));
        return;
    }
    m_workerModel->setWorkers(m_run->workers());
    m_nodeModel->setNodes(m_run->nodes());
    showGroup();
    const DemoStats &st = m_run->stats();
    const DemoSummary s = m_run->summary();
    const QString violationStyle = st.violations > 0 ? QStringLiteral("color:#b3261e") : QStringLiteral("color:#1b7f3b");
    QString html = tr("<span style='font-size:large; %1'><b>%2</b> violation(s)</span>")
                       .arg(violationStyle)
                       .arg(st.violations);
    if (s.violationKind != QLatin1String("none"))
        html += QStringLiteral(" <span style='color:gray'>(%1)</span>").arg(DemoSummary::violationText(s.violationKind));
    if (s.oversold)
        html += tr(" &nbsp; oversold <b>%1</b>").arg(*s.oversold);
    html += tr("<br>acquired %1 &nbsp; gave up %2 &nbsp; attempts %3 &nbsp; crashes %4")
                .arg(st.acquisitions)
                .arg(st.failures)
                .arg(st.attempts)
                .arg(st.crashes);
    auto ms = [](const std::optional<double> &v) { return v ? tr("%1 ms").arg(*v, 0, 'f', 0) : QStringLiteral("–"); };
    html += tr("<br>wait p50 %1 &nbsp; p99 %2 &nbsp; %3 s").arg(ms(s.waitP50Ms), ms(s.waitP99Ms)).arg(m_run->elapsedMs() / 1000.0, 0, 'f', 1);
    m_score->setText(html);
    updateButtons();
}

void DemoPanel::showGroup()
{
    const QList<DemoNodeInfo> nodes = m_run->nodes();
    const bool group = scenarioId() == QLatin1String("redlock") && nodes.size() >= 3;
    m_groupBox->setVisible(group);
    m_chartGrid->setRowStretch(2, group ? 2 : 0);
    if (!group)
        return;
    const QStringList names = DemoRedlockReading::names(nodes);
    if (names != m_groupNodes || !m_groupEvents) {
        // Another run, other servers: a group of its own.
        m_groupNodes = names;
        m_groupView->model()->setNodes(names);
        m_groupView->setTitle(tr("Demo servers"));
        m_groupEvents = std::make_unique<RedlockEventDeriver>(names);
        m_groupEvents->setWallOffset(QDateTime::currentMSecsSinceEpoch() - MonotonicClock::nowMs());
    }
    const qint64 now = MonotonicClock::nowMs();
    const QList<RedlockObservation> reading{DemoRedlockReading::of(m_run->lockKey(), nodes)};
    m_groupView->model()->setObservations(reading, now);
    m_groupView->setNodeErrors(DemoRedlockReading::errors(nodes));
    QList<RedlockEvent> events;
    m_groupEvents->observe(reading, DemoRedlockReading::errors(nodes), now, events);
    m_groupView->addEvents(events);
}

void DemoPanel::updateButtons()
{
    const bool running = m_run && m_run->isRunning();
    m_startButton->setText(isRunning() ? tr("Stop") : tr("Start"));
    m_faultButton->setEnabled(running && m_run->recipe().fault != DemoRecipe::Fault::None);
    m_crashButton->setEnabled(running);
    const bool sandbox = m_run && m_run->hasSandbox() && !m_run->isFinished();
    const QModelIndex current = m_nodeView->currentIndex();
    const bool up = current.isValid() && m_nodeModel->nodes().value(current.row()).up;
    m_stopServer->setEnabled(sandbox && current.isValid() && up);
    m_startServer->setEnabled(sandbox && current.isValid() && !up);
}

void DemoPanel::setSelectedServerUp(bool up)
{
    const QModelIndex current = m_nodeView->currentIndex();
    if (m_run && current.isValid())
        m_run->setServerUp(m_nodeModel->nodes().value(current.row()).index, up);
}
