// lockscope: the window, or with a subcommand, the terminal face for SSH sessions and scripts.

#include "admincommand.h"
#include "appsettings.h"
#include "apptranslator.h"
#include "auditlog.h"
#include "clioptions.h"
#include "connectiondialog.h"
#include "connectionstore.h"
#include "democommand.h"
#include "democontroller.h"
#include "demopanel.h"
#include "dialectregistry.h"
#include "dialectscommand.h"
#include "embeddedsandbox.h"
#include "grouptransport.h"
#include "mainwindow.h"
#include "profilestore.h"
#include "redlockadmincommand.h"
#include "redlockadminservice.h"
#include "redlockscancommand.h"
#include "redlockgroupview.h"
#include "redlockwatchcommand.h"
#include "redlockwatchservice.h"
#include "scancommand.h"
#include "secretstore.h"
#include "sessionmanager.h"
#include "settingsstore.h"
#include "terminationsignals.h"
#include "theme.h"
#include "watchcommand.h"

#include <QApplication>
#include <QTimer>

#include <csignal>
#include <memory>
#include <cstdio>

namespace {
bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
           || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("lockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
}

// Adds the profiles of --profile files to those given (a file's profile replaces one of the
// same id) and puts them in the registry; false, with the reason on stderr, when one is bad.
bool useProfiles(DialectRegistry &registry, QList<DialectProfile> profiles, const QStringList &files)
{
    QString error;
    for (const QString &file : files) {
        const std::optional<QList<DialectProfile>> read = ProfileStore::readFile(file, &error);
        if (!read) {
            CliCommand::say(error);
            return false;
        }
        for (const DialectProfile &p : *read) {
            profiles.removeIf([&p](const DialectProfile &q) { return q.effectiveId() == p.effectiveId(); });
            profiles << p;
        }
    }
    error = registry.setProfiles(profiles);
    if (!error.isEmpty())
        CliCommand::say(error);
    return error.isEmpty();
}

// The embedded default server (sample locks, and in the window a few demo workers) comes from
// the training module; the session layer starts it through this factory without knowing it.
SessionManager::LauncherFactory sandboxFactory(bool backgroundDemo)
{
    return [backgroundDemo](QObject *parent) {
        auto *sandbox = new EmbeddedSandbox(parent);
        sandbox->setBackgroundDemo(backgroundDemo);
        return sandbox;
    };
}

// The language: --lang, else Settings', else the system's. Before anything shows text, the
// command line's own messages and --help included.
void useLanguage(QCoreApplication *app, const QString &language, const AppSettings &settings)
{
    bool missing = false;
    AppTranslator::install(app, language.isEmpty() ? settings.language : language, &missing);
    if (missing && !language.isEmpty())
        CliCommand::say(QCoreApplication::translate("main", "no %1 translation here; speaking English").arg(language));
}

// redis-cli's warning, as redis-cli says it: the arguments are visible to others on the
// machine (ps).
void warnOfPassword(const CliOptions &options)
{
    if (options.passwordOnCommandLine && !options.noAuthWarning)
        fprintf(stderr, "%s\n", qUtf8Printable(CliOptions::passwordWarning()));
}

AuditLog auditLog(const AppSettings &settings)
{
    return AuditLog(settings.auditLogPath.isEmpty() ? AuditLog::defaultPath() : settings.auditLogPath);
}

// What Settings change beyond the window: how sessions watch, and the look. --pattern adds to
// the saved patterns for this run; --no-default-patterns leaves them out.
void applySettings(const AppSettings &settings, const CliOptions &options, SessionManager &sessions, Theme &theme)
{
    QList<KeyPattern> patterns = options.defaultPatterns ? settings.patterns : QList<KeyPattern>();
    patterns << options.extraPatterns;
    sessions.setPatterns(patterns);
    sessions.setWatchBudget(settings.budgetPercent / 100.0);
    sessions.setWatchIntervals(settings.refreshIntervalMs, settings.rescanIntervalMs);
    sessions.setValueCap(settings.valueCapBytes);
    theme.setChoice(settings.theme);
}

// --connection NAME: the saved connection under the options given beside it; false, with
// the reason on stderr, when there is none of that name or the options do not fit it.
bool useSavedConnection(CliOptions &options, const ConnectionStore &store)
{
    if (options.connectionName.isEmpty())
        return true;
    QString error;
    const std::optional<ConnectionProfile> saved = store.find(options.connectionName, &error);
    if (!saved || !options.useSaved(*saved, &error)) {
        CliCommand::say(error);
        return false;
    }
    return true;
}

// --group NAME: the saved Redlock group under the options given beside it; false, with the
// reason on stderr, when there is none of that name or it cannot be used.
bool useSavedGroup(CliOptions &options, const ConnectionStore &store)
{
    if (options.groupName.isEmpty())
        return true;
    QString error;
    const std::optional<QList<RedlockGroup>> groups = store.loadGroups(&error);
    if (!groups) {
        CliCommand::say(error);
        return false;
    }
    // The name as written, else the one name that differs from it only in case.
    QStringList names;
    QList<const RedlockGroup *> matches;
    for (const RedlockGroup &g : *groups) {
        names << g.name;
        if (g.name == options.groupName) {
            matches = {&g};
            break;
        }
        if (g.name.compare(options.groupName, Qt::CaseInsensitive) == 0)
            matches << &g;
    }
    if (matches.size() == 1) {
        if (!options.useSavedGroup(*matches.first(), &error)) {
            CliCommand::say(error);
            return false;
        }
        return true;
    }
    if (matches.size() > 1) {
        QStringList which;
        for (const RedlockGroup *g : std::as_const(matches))
            which << g->name;
        CliCommand::say(QCoreApplication::translate("main", "more than one saved Redlock group is named \"%1\" but for case (%2): give the name as "
                                                     "saved")
                     .arg(options.groupName, which.join(QStringLiteral(", "))));
        return false;
    }
    CliCommand::say(names.isEmpty() ? QCoreApplication::translate("main", "no Redlock group is saved (the window's Redlock groups… dialog saves them)")
                             : QCoreApplication::translate("main", "no saved Redlock group is named \"%1\"; saved: %2")
                                   .arg(options.groupName, names.join(QStringLiteral(", "))));
    return false;
}

int runCommand(CliCommand &&command, ConnectionStore *store)
{
    command.setSandboxFactory(sandboxFactory(false));
    command.setConnectionStore(store);
    return command.exec();
}

// The terminal: the commands, --help and --version, and the messages of a command line that
// does not parse, all in the user's language.
int runCli(int argc, char *argv[], const QStringList &arguments)
{
    // A reader that went away (`| head`) is output that could not be written: said, with exit
    // code 1, as for a full disk, never a silent death by SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    setIdentity();
    // The terminal takes the language and the audit log's place from Settings; how it scans
    // and watches, only from its options (a script should not depend on the window's settings).
    const AppSettings settings = SettingsStore().load();
    useLanguage(&app, AppTranslator::normalize(CliOptions::languageArgument(arguments)), settings);
    QString error;
    std::optional<CliOptions> parsed = CliOptions::parse(arguments, &error);
    if (!parsed) {
        if (error.endsWith(QLatin1Char('.')))
            error.chop(1); // Qt's parser ends its sentences; ours goes on
        CliCommand::say(QCoreApplication::translate("main", "%1 (see lockscope --help)").arg(error));
        return CliCommand::Usage;
    }
    CliOptions options = *parsed;
    warnOfPassword(options);
    switch (options.command) {
    case CliOptions::Command::Help:
        fputs(qUtf8Printable(CliOptions::helpText(options.helpTopic)), stdout);
        return CliCommand::outputWritten() ? CliCommand::Done : CliCommand::Refused;
    case CliOptions::Command::Version:
        printf("lockscope %s\n", LOCKSCOPE_VERSION);
        return CliCommand::outputWritten() ? CliCommand::Done : CliCommand::Refused;
    case CliOptions::Command::Gui:
        CliCommand::say(QCoreApplication::translate(
            "main", "no display ($DISPLAY and $WAYLAND_DISPLAY are unset), so here are the locks in the terminal.\n"
                    "  For the window, run lockscope in a desktop session or over 'ssh -X', or render it to a picture\n"
                    "  with 'lockscope --screenshot lockscope.png'. See 'lockscope --help' for the terminal commands.\n"));
        options.command = CliOptions::Command::Scan;
        options.sandbox = !options.connectionGiven;
        break;
    default:
        break;
    }
    DialectRegistry registry;
    if (!useProfiles(registry, {}, options.profileFiles))
        return CliCommand::Usage;
    if (options.command == CliOptions::Command::Acquire && !registry.find(options.dialect)) {
        CliCommand::say(QCoreApplication::translate("main", "no dialect \"%1\" (lockscope dialects lists them)").arg(options.dialect));
        return CliCommand::Usage;
    }
    SecretStore secrets;
    ConnectionStore connections(&secrets);
    if (!useSavedConnection(options, connections) || !useSavedGroup(options, connections))
        return CliCommand::Usage;
    const AuditLog audit = auditLog(settings);
    switch (options.command) {
    case CliOptions::Command::Scan:
        if (!options.redlock.isEmpty())
            return runCommand(RedlockScanCommand(options, &registry), &connections);
        return runCommand(ScanCommand(options, &registry), &connections);
    case CliOptions::Command::Watch:
        if (!options.redlock.isEmpty())
            return runCommand(RedlockWatchCommand(options, &registry), &connections);
        return runCommand(WatchCommand(options, &registry), &connections);
    case CliOptions::Command::Acquire:
    case CliOptions::Command::Extend:
    case CliOptions::Command::Release:
        if (!options.redlock.isEmpty())
            return runCommand(RedlockAdminCommand(options, &registry, &audit), &connections);
        return runCommand(AdminCommand(options, &registry, &audit), &connections);
    case CliOptions::Command::Demo:
        return DemoCommand(options).exec();
    case CliOptions::Command::Dialects:
        return DialectsCommand::run(registry, options.json);
    default:
        CliCommand::say(QCoreApplication::translate("main", "this command is not available in this build"));
        return CliCommand::Usage;
    }
}

// `lockscope --redlock URL,URL,...`: the group's own window, watching every node.
int runGroupWindow(const CliOptions &options, const DialectRegistry &registry, const AuditLog &audit)
{
    GroupTransport transport(options.redlock.nodes); // one way to each node for the watch and the actions
    RedlockWatchService watch(options.redlock, &registry, nullptr, &transport);
    RedlockAdminService admin(options.redlock, &registry, &audit, nullptr, &transport);
    admin.setReadOnly(options.readOnly);
    DiscoveryOptions discovery;
    discovery.patterns = options.patterns;
    watch.setOptions(discovery);
    watch.setInterval(options.intervalMs);
    if (options.rescanMs > 0)
        watch.setRescanInterval(options.rescanMs);
    RedlockGroupView view;
    view.setWindowTitle(QApplication::translate("main", "LockScope — Redlock group"));
    view.follow(&watch);
    view.setAdmin(&admin);
    view.resize(1280, 720);
    const TerminationSignals signalWatcher;
    QObject::connect(&signalWatcher, &TerminationSignals::received, &view, &QWidget::close);
    if (!options.screenshot.isEmpty()) {
        // After the first reading (and --duration, to let events come), the view as it is.
        const int settleMs = options.durationS > 0 ? int(options.durationS * 1000) : 500;
        QObject::connect(&watch, &RedlockWatchService::observed, &view, [&view, settleMs, file = options.screenshot] {
            QTimer::singleShot(settleMs, &view, [&view, file] {
                const bool saved = view.grab().save(file);
                if (!saved)
                    CliCommand::say(QCoreApplication::translate("main", "could not write %1").arg(file));
                QCoreApplication::exit(saved ? 0 : 1);
            });
        }, Qt::SingleShotConnection);
    }
    view.show();
    watch.start();
    return QApplication::exec();
}

int runGui(int argc, char *argv[], CliOptions options)
{
    QApplication app(argc, argv);
    setIdentity();
    // Settings are read here once and handed on; nothing else reads them.
    const SettingsStore settingsStore;
    QStringList settingsProblems;
    const AppSettings settings = settingsStore.load(&settingsProblems);
    useLanguage(&app, options.language, settings);
    warnOfPassword(options);
    Theme theme; // remembers the platform's palette before anything changes it
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/lockscope.svg")));
    DialectRegistry registry;
    const ProfileStore profileStore;
    QString profileError;
    const QList<DialectProfile> saved = profileStore.load(&profileError).value_or(QList<DialectProfile>());
    if (!useProfiles(registry, saved, options.profileFiles))
        return CliCommand::Usage;
    SecretStore secrets;
    ConnectionStore connections(&secrets);
    if (!useSavedConnection(options, connections))
        return CliCommand::Usage;
    const AuditLog audit = auditLog(settings);
    if (!options.redlock.isEmpty())
        return runGroupWindow(options, registry, audit);
    SessionManager sessions(&registry, &audit);
    sessions.setSandboxFactory(sandboxFactory(true));
    applySettings(settings, options, sessions, theme);
    DemoController demos;
    // The lock table follows the demo's lock to whichever server holds it now.
    demos.followWith(&sessions);
    MainWindow window(&sessions, &registry);
    // Also on stderr: one at closing outlives the window that would show it.
    QObject::connect(&sessions, &SessionManager::restoreFailed, &sessions,
                     [](const QString &message) { CliCommand::say(QApplication::translate("main", "warning: %1").arg(message)); });
    window.setDemoPanelFactory([&demos](QWidget *parent) { return new DemoPanel(&demos, parent); });
    window.setProfileStore(&profileStore);
    window.setConnectionStore(&connections);
    if (!profileError.isEmpty())
        window.showMessage(profileError, true);
    window.setLanguages(AppTranslator::available());
    window.setSettings(settings);
    if (!settingsProblems.isEmpty()) {
        // On stderr too: the status bar shows the last message only, and a scan soon has its say.
        const QString message = QApplication::translate("main", "Settings out of range or unreadable: %1 (brought into range, or set to their defaults)")
                                    .arg(settingsProblems.join(QStringLiteral(", ")));
        CliCommand::say(message);
        window.showMessage(message, true);
    }
    QObject::connect(&window, &MainWindow::settingsSubmitted, &window,
                     [&settingsStore, &options, &sessions, &theme, &window](const AppSettings &changed) {
                         QString error;
                         if (!settingsStore.save(changed, &error))
                             window.showMessage(error, true);
                         applySettings(changed, options, sessions, theme);
                     });
    // A terminating signal closes the window normally: the session is closed in order,
    // server settings are put back, sandbox servers stop.
    const TerminationSignals signalWatcher;
    QObject::connect(&signalWatcher, &TerminationSignals::received, &window, &QWidget::close);
    window.setReadOnly(options.readOnly);

    // `lockscope --scenario NAME [--variant V]` opens straight into a running demo.
    const bool demo = !options.scenario.isEmpty();
    if (demo && !DemoScenario::find(options.scenario)) {
        CliCommand::say(QCoreApplication::translate("main", "unknown scenario '%1' (lockscope demo --list shows them)").arg(options.scenario));
        return CliCommand::Usage;
    }
    if (!options.screenshot.isEmpty() && options.screenshotOfConnections) {
        // The connection manager as File → Connect opens it, the --connection one selected;
        // it needs no server, so nothing is connected.
        window.resize(1400, 900);
        window.show();
        ConnectionDialog *dialog = window.openConnectionDialog();
        if (!options.connection.id.isEmpty())
            dialog->selectConnection(options.connection.id);
        dialog->resize(dialog->sizeHint().expandedTo(QSize(1000, 660)));
        QTimer::singleShot(500, dialog, [dialog, file = options.screenshot] {
            const bool saved = dialog->grab().save(file);
            if (!saved)
                CliCommand::say(QCoreApplication::translate("main", "could not write %1").arg(file));
            QCoreApplication::exit(saved ? 0 : 1);
        });
        return QApplication::exec();
    }
    if (!options.screenshot.isEmpty()) {
        const QString file = options.screenshot;
        auto grab = [&window, file](int code) {
            const bool saved = window.grab().save(file);
            if (!saved)
                CliCommand::say(QCoreApplication::translate("main", "could not write %1").arg(file));
            QCoreApplication::exit(saved ? code : 1);
        };
        if (demo) // the demo runs for --duration seconds before the picture is taken
            QTimer::singleShot(int((options.durationS > 0 ? options.durationS : 8) * 1000), &window, [grab] { grab(0); });
        // Let the table and the detail panel lay out and paint before grabbing; with --duration,
        // let the live charts fill for that long.
        const int settleMs = options.durationS > 0 ? int(options.durationS * 1000) : 500;
        auto decided = std::make_shared<bool>(false); // a scan finished, or the session failed
        QObject::connect(&window, &MainWindow::scanFinished, &window, [&window, grab, demo, settleMs, decided] {
            *decided = true;
            if (!demo)
                QTimer::singleShot(settleMs, &window, [grab] { grab(0); });
        }, Qt::SingleShotConnection);
        // A session that fails before its first scan (refused, unreachable, authentication,
        // TLS, no sandbox) will not scan: picture the window showing the error now, with the
        // exit code of a connection error, instead of waiting for a scan that never comes.
        // The window has shown the message by then (it heard the signal first); the short
        // wait lets the reconnect countdown in the status bar appear too.
        auto failed = [&window, grab, demo, decided](const QString &message) {
            if (demo || *decided)
                return;
            *decided = true;
            CliCommand::say(message);
            QTimer::singleShot(300, &window, [grab] { grab(CliCommand::ConnectionError); });
        };
        QObject::connect(&sessions, &SessionManager::errorOccurred, &window, failed);
        QObject::connect(&sessions, &SessionManager::sandboxFailed, &window,
                         [failed](const QString &message) { failed(QApplication::translate("main", "Could not start the sandbox: %1").arg(message)); });
        QTimer::singleShot(60000 + (demo ? 0 : settleMs), &window, [&window] {
            CliCommand::say(QApplication::translate("main", "no scan finished within 60 s; no screenshot taken (%1)").arg(window.statusMessage()));
            QCoreApplication::exit(CliCommand::ConnectionError);
        });
    }
    if (demo) {
        window.resize(1600, 1000);
        auto *panel = qobject_cast<DemoPanel *>(window.openDemoPanel());
        panel->selectScenario(options.scenario);
        if (const std::optional<DemoVariant> variant = DemoScenario::parseVariant(options.variant))
            panel->selectVariant(*variant);
        panel->start();
    } else if (options.connectionGiven) {
        // A saved connection's secrets come from the keychain, or the window asks for them.
        options.connection.readOnly = options.connection.readOnly || options.readOnly;
        window.openConnection(options.connection);
    } else {
        sessions.openSandbox();
    }
    // The window as the user left it; a screenshot shows it as it comes, the same every time.
    const bool keepLayout = options.screenshot.isEmpty();
    if (keepLayout && !demo)
        window.restoreLayout(settingsStore.loadLayout());
    window.show();
    const int code = QApplication::exec();
    if (keepLayout)
        settingsStore.saveLayout(window.saveLayout());
    return code;
}
} // namespace

int main(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    // A first reading, only to choose between the window and the terminal; the terminal reads
    // the command line again once it speaks the user's language, for its messages and --help.
    const std::optional<CliOptions> options = CliOptions::parse(arguments, nullptr);
    if (options && options->command == CliOptions::Command::Gui) {
        if (!options->screenshot.isEmpty() && !hasDisplay())
            qputenv("QT_QPA_PLATFORM", "offscreen");
        if (!options->screenshot.isEmpty() || hasDisplay())
            return runGui(argc, argv, *options);
    }
    return runCli(argc, argv, arguments);
}
