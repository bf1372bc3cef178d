#include "demoscenario.h"
#include "demoworkermachine.h"

#include <QMetaEnum>
#include <QTest>

// A simulated worker's job loop, without Redis or a clock: the transition table row by row,
// for the recipes the scenarios really use, then whole loops, then what each state waits for.
class TestDemoWorkerMachine : public QObject
{
    Q_OBJECT

private:
    using M = DemoWorkerMachine;
    using S = M::State;
    using E = M::Event;
    using A = M::Action;
    using Fault = DemoRecipe::Fault;

    // "scenario/variant" for a real recipe; "frozen-watchdog" for the one combination no
    // scenario has (a freeze that also stops a running watchdog).
    static M::Config config(const QString &id)
    {
        if (id == QLatin1String("frozen-watchdog")) {
            M::Config c;
            c.stallFreezesWatchdog = true;
            return c;
        }
        const QStringList parts = id.split(QLatin1Char('/'));
        const DemoScenario *s = DemoScenario::find(parts.value(0));
        const std::optional<DemoVariant> v = DemoScenario::parseVariant(parts.value(1));
        if (!s || !v || !s->variant(*v))
            qFatal("no recipe %s", qPrintable(id));
        return M::Config::from(s->variant(*v)->recipe);
    }

    template<typename T>
    static QString name(T value)
    {
        return QString::fromLatin1(QMetaEnum::fromType<T>().valueToKey(int(value)));
    }

    static QStringList names(const QList<A> &actions)
    {
        QStringList out;
        for (A a : actions)
            out << name(a);
        return out;
    }

    struct Row
    {
        const char *tag;
        const char *recipe;
        S from;
        E event;
        S to;
        QList<A> actions;
        Fault armed = Fault::None;
        bool notReplicated = false;
        bool tooLong = false;
        bool worst = false;
    };

    static QList<E> allEvents()
    {
        QList<E> events;
        const QMetaEnum e = QMetaEnum::fromType<E>();
        for (int i = 0; i < e.keyCount(); ++i)
            events << E(e.value(i));
        return events;
    }

    static QList<S> allStates()
    {
        QList<S> states;
        const QMetaEnum e = QMetaEnum::fromType<S>();
        for (int i = 0; i < e.keyCount(); ++i)
            states << S(e.value(i));
        return states;
    }

private Q_SLOTS:
    void transitions_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("event");
        QTest::addColumn<int>("armed");
        QTest::addColumn<bool>("notReplicated");
        QTest::addColumn<bool>("tooLong");
        QTest::addColumn<bool>("worst");
        QTest::addColumn<int>("to");
        QTest::addColumn<QStringList>("actions");

        const QList<A> release = {A::Leave, A::StopWatchdog, A::Release};
        const QList<Row> rows = {
            // Starting, waiting, entering.
            {"start", "safe/fixed", S::Stopped, E::Start, S::Idle, {A::Boot}},
            {"started once", "safe/fixed", S::Idle, E::Start, S::Idle, {}},
            {"first job", "safe/fixed", S::Idle, E::Timer, S::Acquiring, {A::BeginWait, A::Acquire}},
            {"next job", "safe/fixed", S::Thinking, E::Timer, S::Acquiring, {A::BeginWait, A::Acquire}},
            {"no lock: straight in", "safe/broken", S::Thinking, E::Timer, S::Working, {A::BeginWait, A::Enter}},
            {"granted", "safe/fixed", S::Acquiring, E::Granted, S::Working, {A::Enter, A::StartWatchdog}},
            {"granted, no watchdog", "expiry-while-held/broken", S::Acquiring, E::Granted, S::Working, {A::Enter}},
            {"refused: back off", "safe/fixed", S::Acquiring, E::Refused, S::Backoff, {}},
            {"refused too long: give up", "safe/fixed", S::Acquiring, E::Refused, S::Thinking, {A::GiveUp}, Fault::None, false, true},
            {"backoff over", "retry-backoff/fixed", S::Backoff, E::Timer, S::Acquiring, {A::Acquire}},
            {"crash between SETNX and PEXPIRE", "non-atomic-acquire/broken", S::Acquiring, E::CrashPoint, S::Crashed,
             {A::StopWatchdog, A::StopWaiting, A::Die}},
            {"work done", "safe/fixed", S::Working, E::Timer, S::Releasing, release},
            {"released", "safe/fixed", S::Releasing, E::Released, S::Thinking, {}},
            {"no lock: nothing to release", "safe/broken", S::Working, E::Timer, S::Thinking, {A::Leave}},

            // Faults, where each strikes.
            {"crash inside", "no-ttl-crash/broken", S::Acquiring, E::Granted, S::Doomed, {A::Enter, A::ClaimFault}, Fault::CrashInside},
            {"doomed dies", "no-ttl-crash/broken", S::Doomed, E::Timer, S::Crashed, {A::StopWatchdog, A::Abandon, A::Die}},
            {"crash inside, with a TTL", "no-ttl-crash/fixed", S::Acquiring, E::Granted, S::Doomed,
             {A::Enter, A::StartWatchdog, A::ClaimFault}, Fault::CrashInside},
            {"a crash after acquire is the lock's to claim", "non-atomic-acquire/fixed", S::Acquiring, E::Granted, S::Working,
             {A::Enter, A::StartWatchdog}, Fault::CrashAfterAcquire},
            {"stall inside", "expiry-while-held/broken", S::Acquiring, E::Granted, S::Stalled, {A::Enter, A::ClaimFault, A::Stall},
             Fault::StallInside},
            {"stall inside, watchdog on", "expiry-while-held/fixed", S::Acquiring, E::Granted, S::Stalled,
             {A::Enter, A::StartWatchdog, A::ClaimFault, A::Stall}, Fault::StallInside},
            {"stall over", "expiry-while-held/fixed", S::Stalled, E::Timer, S::Working, {A::Resume}},
            {"node restarts under the holder", "redlock/fixed", S::Acquiring, E::Granted, S::Stalled,
             {A::Enter, A::ClaimFault, A::Stall}, Fault::NodeRestart},
            {"failover victim stays inside", "failover/broken", S::Acquiring, E::Granted, S::Stalled,
             {A::Enter, A::StartWatchdog, A::Stall}, Fault::None, true},
            {"a stall before release waits its turn", "unsafe-release/broken", S::Acquiring, E::Granted, S::Working, {A::Enter},
             Fault::StallBeforeRelease},
            {"frozen: the watchdog too", "frozen-watchdog", S::Acquiring, E::Granted, S::Stalled,
             {A::Enter, A::StartWatchdog, A::ClaimFault, A::Stall, A::StopWatchdog}, Fault::StallInside},
            {"thawed: overdue renewal at once", "frozen-watchdog", S::Stalled, E::Timer, S::Working,
             {A::StartWatchdog, A::Renew, A::Resume}},
            {"fencing: token shown before the freeze", "fencing/broken", S::Acquiring, E::Granted, S::Stalled,
             {A::Enter, A::ClaimFault, A::ReadResource, A::Stall, A::StopWatchdog}, Fault::StallInside},
            {"fencing: write, then leave", "fencing/fixed", S::Working, E::Timer, S::Releasing,
             {A::WriteResource, A::Leave, A::StopWatchdog, A::Release}},
            {"stall before release", "unsafe-release/broken", S::Working, E::Timer, S::Lingering, {A::Leave, A::ClaimFault},
             Fault::StallBeforeRelease},
            {"stall over at the worst moment", "unsafe-release/broken", S::Lingering, E::Timer, S::Releasing,
             {A::StopWatchdog, A::Release}, Fault::None, false, false, true},
            {"stall over: lurk for the worst moment", "unsafe-release/broken", S::Lingering, E::Timer, S::Lurking, {}},
            {"someone entered: the late release", "unsafe-release/fixed", S::Lurking, E::OtherEntered, S::Releasing,
             {A::StopWatchdog, A::Release}},
            {"nobody came: release anyway", "unsafe-release/fixed", S::Lurking, E::Timer, S::Releasing, {A::StopWatchdog, A::Release}},

            // A purchase.
            {"buyer reads the stock", "oversell/fixed", S::Acquiring, E::Granted, S::CheckingStock,
             {A::Enter, A::StartWatchdog, A::ReadStock}},
            {"items left", "oversell/fixed", S::CheckingStock, E::StockRead, S::Working, {}},
            {"buying", "oversell/broken", S::Working, E::Timer, S::Buying, {A::Decrement}},
            {"bought", "oversell/fixed", S::Buying, E::Bought, S::Releasing, release},
            {"sold out", "oversell/fixed", S::CheckingStock, E::SoldOut, S::Releasing, release},
            {"stock unreadable", "oversell/fixed", S::CheckingStock, E::StockUnknown, S::Releasing, release},
            {"no lock: straight to the till", "oversell/unlocked", S::Thinking, E::Timer, S::CheckingStock,
             {A::BeginWait, A::Enter, A::ReadStock}},
            {"no lock: bought", "oversell/unlocked", S::Buying, E::Bought, S::Thinking, {A::Leave}},

            // A recursive call.
            {"outer method calls inner", "reentrant/fixed", S::Working, E::Timer, S::Reentering, {A::AcquireInner}},
            {"inner call holds it", "reentrant/fixed", S::Reentering, E::InnerGranted, S::HoldingInner, {}},
            {"inner call refused", "reentrant/fixed", S::Reentering, E::InnerRefused, S::Releasing, release},
            {"inner call done", "reentrant/broken", S::HoldingInner, E::Timer, S::ReleasingInner, {A::ReleaseInner}},
            {"inner release answered", "reentrant/broken", S::ReleasingInner, E::InnerReleased, S::FinishingOuter, {}},
            {"outer method done", "reentrant/broken", S::FinishingOuter, E::Timer, S::Releasing, release},

            // The watchdog, beside the job.
            {"watchdog renews while working", "safe/fixed", S::Working, E::WatchdogTick, S::Working, {A::Renew}},
            {"watchdog renews while stalled", "expiry-while-held/fixed", S::Stalled, E::WatchdogTick, S::Stalled, {A::Renew}},
            {"watchdog renews while lingering", "safe/fixed", S::Lingering, E::WatchdogTick, S::Lingering, {A::Renew}},
            {"no lock, no renewal", "safe/fixed", S::Thinking, E::WatchdogTick, S::Thinking, {}},
            {"lock lost", "safe/fixed", S::Working, E::LockLost, S::Working, {A::NoteLockLost, A::StopWatchdog}},
            {"lock lost before the release answered", "safe/fixed", S::Releasing, E::LockLost, S::Releasing,
             {A::NoteLockLost, A::StopWatchdog}},
            {"lock lost when not holding", "safe/fixed", S::Thinking, E::LockLost, S::Thinking, {}},

            // Crashing and retiring.
            {"killed while backing off", "safe/fixed", S::Backoff, E::Crash, S::Crashed, {A::StopWatchdog, A::StopWaiting, A::Die}},
            {"killed inside", "safe/fixed", S::Working, E::Crash, S::Crashed, {A::StopWatchdog, A::Abandon, A::Die}},
            {"killed inside, buying", "oversell/fixed", S::Buying, E::Crash, S::Crashed, {A::StopWatchdog, A::Abandon, A::Die}},
            {"killed out, holding", "unsafe-release/broken", S::Lurking, E::Crash, S::Crashed, {A::StopWatchdog, A::Die}},
            {"killed while thinking", "safe/fixed", S::Thinking, E::Crash, S::Crashed, {A::StopWatchdog, A::Die}},
            {"killed twice", "safe/fixed", S::Crashed, E::Crash, S::Crashed, {}},
            {"killed after the sale", "oversell/fixed", S::Done, E::Crash, S::Crashed, {A::StopWatchdog, A::Die}},
            {"restarted", "safe/fixed", S::Crashed, E::Timer, S::Idle, {A::Restart}},
            {"not started, not killed", "safe/fixed", S::Stopped, E::Crash, S::Stopped, {}},
            {"retired while waiting", "safe/fixed", S::Acquiring, E::Stop, S::Stopped, {A::StopWatchdog, A::StopWaiting, A::Retire}},
            {"retired inside", "reentrant/fixed", S::HoldingInner, E::Stop, S::Stopped, {A::StopWatchdog, A::Abandon, A::Retire}},
            {"retired dead", "safe/fixed", S::Crashed, E::Stop, S::Stopped, {A::StopWatchdog, A::Retire}},
            {"retired twice", "safe/fixed", S::Stopped, E::Stop, S::Stopped, {}},

            // What a state does not wait for changes nothing.
            {"a reply that outlived its question", "safe/fixed", S::Thinking, E::Granted, S::Thinking, {}},
            {"a release answer while working", "safe/fixed", S::Working, E::Released, S::Working, {}},
            {"no timer while acquiring", "safe/fixed", S::Acquiring, E::Timer, S::Acquiring, {}},
            {"someone entered, nobody lurking", "safe/fixed", S::Backoff, E::OtherEntered, S::Backoff, {}},
            {"sale over: nothing moves", "oversell/fixed", S::Done, E::Timer, S::Done, {}},
        };
        for (const Row &r : rows)
            QTest::newRow(r.tag) << QString::fromLatin1(r.recipe) << int(r.from) << int(r.event) << int(r.armed) << r.notReplicated
                                 << r.tooLong << r.worst << int(r.to) << names(r.actions);
    }

    void transitions()
    {
        QFETCH(QString, recipe);
        QFETCH(int, from);
        QFETCH(int, event);
        QFETCH(int, armed);
        QFETCH(bool, notReplicated);
        QFETCH(bool, tooLong);
        QFETCH(bool, worst);
        QFETCH(int, to);
        QFETCH(QStringList, actions);

        M machine(config(recipe), S(from));
        M::Facts facts;
        facts.armedFault = Fault(armed);
        facts.lockNotReplicated = notReplicated;
        facts.waitedTooLong = tooLong;
        facts.worstMoment = worst;
        QCOMPARE(names(machine.handle(E(event), facts)), actions);
        QCOMPARE(name(machine.state()), name(S(to)));
    }

    // Whole jobs from a start: each event in turn, the state after each.
    void loops_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<QList<int>>("events");
        QTest::addColumn<QStringList>("states");
        QTest::addColumn<int>("armedOnEntry");

        const auto row = [](const char *tag, const char *recipe, const QList<E> &events, const QList<S> &states,
                            Fault armed = Fault::None) {
            QList<int> e;
            for (E x : events)
                e << int(x);
            QStringList s;
            for (S x : states)
                s << name(x);
            QTest::newRow(tag) << QString::fromLatin1(recipe) << e << s << int(armed);
        };
        row("plain job, one retry", "safe/fixed",
            {E::Start, E::Timer, E::Refused, E::Timer, E::Granted, E::WatchdogTick, E::Timer, E::Released, E::Timer},
            {S::Idle, S::Acquiring, S::Backoff, S::Acquiring, S::Working, S::Working, S::Releasing, S::Thinking, S::Acquiring});
        row("the sale ends", "oversell/fixed",
            {E::Start, E::Timer, E::Granted, E::StockRead, E::Timer, E::Bought, E::Released, E::Timer, E::Granted, E::SoldOut,
             E::Released, E::Timer, E::Timer},
            {S::Idle, S::Acquiring, S::CheckingStock, S::Working, S::Buying, S::Releasing, S::Thinking, S::Acquiring,
             S::CheckingStock, S::Releasing, S::Thinking, S::Done, S::Done});
        // A stall claimed on entry strikes at the first work: for a buyer, after it read the stock.
        row("a buyer stalls after reading", "oversell/fixed", {E::Start, E::Timer, E::Granted, E::StockRead, E::Timer, E::Timer},
            {S::Idle, S::Acquiring, S::CheckingStock, S::Stalled, S::Working, S::Buying}, Fault::StallInside);
        row("recursive job", "reentrant/fixed",
            {E::Start, E::Timer, E::Granted, E::Timer, E::InnerGranted, E::Timer, E::InnerReleased, E::Timer, E::Released},
            {S::Idle, S::Acquiring, S::Working, S::Reentering, S::HoldingInner, S::ReleasingInner, S::FinishingOuter,
             S::Releasing, S::Thinking});
        row("crashed, restarted, back at work", "no-ttl-crash/fixed",
            {E::Start, E::Timer, E::Granted, E::Timer, E::Timer, E::Timer, E::Granted},
            {S::Idle, S::Acquiring, S::Doomed, S::Crashed, S::Idle, S::Acquiring, S::Working}, Fault::CrashInside);
    }

    void loops()
    {
        QFETCH(QString, recipe);
        QFETCH(QList<int>, events);
        QFETCH(QStringList, states);
        QFETCH(int, armedOnEntry);

        M machine(config(recipe));
        bool armed = armedOnEntry != int(Fault::None);
        QStringList seen;
        for (int e : events) {
            M::Facts facts;
            // The fault is armed until a worker claims it.
            if (armed)
                facts.armedFault = Fault(armedOnEntry);
            if (machine.handle(E(e), facts).contains(A::ClaimFault))
                armed = false;
            seen << name(machine.state());
        }
        QCOMPARE(seen, states);
    }

    void saleOverSurvivesARestart()
    {
        M machine(config(QStringLiteral("oversell/fixed")), S::CheckingStock);
        machine.handle(E::SoldOut);
        QVERIFY(machine.saleOver());
        machine.handle(E::Crash);
        machine.handle(E::Timer); // restarted
        QCOMPARE(names(machine.handle(E::Timer)), names({A::Finish}));
        QCOMPARE(machine.state(), S::Done);
    }

    void lockLostIsToldOncePerHold()
    {
        M machine(config(QStringLiteral("safe/fixed")), S::Acquiring);
        machine.handle(E::Granted);
        QCOMPARE(machine.handle(E::LockLost).size(), 2);
        QVERIFY(machine.lockLost());
        QVERIFY(machine.handle(E::LockLost).isEmpty());
        machine.handle(E::Timer);
        machine.handle(E::Released);
        machine.handle(E::Timer);
        machine.handle(E::Granted);
        QVERIFY(!machine.lockLost()); // a new hold
    }

    // waitsFor() and the table agree: nothing but what a state waits for moves it.
    void statesMoveOnlyOnWhatTheyWaitFor_data()
    {
        QTest::addColumn<QString>("recipe");
        for (const char *r : {"safe/fixed", "safe/broken", "oversell/fixed", "reentrant/broken", "fencing/fixed", "frozen-watchdog"})
            QTest::newRow(r) << QString::fromLatin1(r);
    }

    void statesMoveOnlyOnWhatTheyWaitFor()
    {
        QFETCH(QString, recipe);
        // Start, Crash, Stop and the watchdog's events are not waited for: they come when they come.
        const QList<E> unasked = {E::Start, E::Crash, E::Stop, E::WatchdogTick, E::LockLost};
        for (S state : allStates()) {
            const M::Wait wait = M::waitsFor(state);
            for (E event : allEvents()) {
                if (unasked.contains(event))
                    continue;
                bool awaited = false;
                switch (wait) {
                case M::Wait::Nothing:
                    break;
                case M::Wait::Timer:
                    awaited = event == E::Timer;
                    break;
                case M::Wait::Reply:
                    awaited = event != E::Timer && event != E::OtherEntered;
                    break;
                case M::Wait::EntryOrTimer:
                    awaited = event == E::Timer || event == E::OtherEntered;
                    break;
                }
                for (bool worst : {false, true}) {
                    M machine(config(recipe), state);
                    M::Facts facts;
                    facts.worstMoment = worst;
                    const QList<A> actions = machine.handle(event, facts);
                    const bool moved = machine.state() != state || !actions.isEmpty();
                    if (!awaited && moved)
                        QFAIL(qPrintable(QStringLiteral("%1 does not wait for %2, yet moved to %3")
                                             .arg(name(state), name(event), name(machine.state()))));
                }
            }
        }
    }

    void displayFollowsTheState()
    {
        for (S state : allStates()) {
            const DemoWorkerState shown = M::display(state);
            if (M::isInside(state))
                QVERIFY2(shown == DemoWorkerState::Holding || shown == DemoWorkerState::Paused, qPrintable(name(state)));
            if (M::isWaiting(state))
                QCOMPARE(shown, DemoWorkerState::Waiting);
            QVERIFY2(!(M::isInside(state) && M::isWaiting(state)), qPrintable(name(state)));
            if (M::isInside(state))
                QVERIFY(M::holdsLock(state));
        }
        QCOMPARE(M::display(S::Stalled), DemoWorkerState::Paused);
        QCOMPARE(M::display(S::Lurking), DemoWorkerState::Paused);
        QCOMPARE(M::display(S::Crashed), DemoWorkerState::Crashed);
        QCOMPARE(M::display(S::Done), DemoWorkerState::Done);
    }
};

QTEST_GUILESS_MAIN(TestDemoWorkerMachine)
#include "tst_demoworkermachine.moc"
