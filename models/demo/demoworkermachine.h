#pragma once

#include "demorecipe.h"
#include "demoworkerinfo.h"

#include <QList>
#include <QMetaType>

// One simulated worker's job loop as an explicit state machine, with no I/O and no clock:
// wait for the lock, enter, work, leave, release, think, again — and crash or retire from
// anywhere. The worker in app/demo turns timers and Redis replies into events, hands them in
// with the facts a decision needs (which fault is armed, whether the acquire timeout is used
// up), and performs the actions that come back. So every scenario's protocol is testable
// without Redis, and each state says what it waits for (waitsFor()).
//
// Events a state does not wait for are ignored: a reply that outlived its question changes
// nothing. Crash and Stop end any state. The watchdog runs beside the job, never making it
// wait, so it is not a state: its ticks and a lost lock are handled wherever the lock is held.
class DemoWorkerMachine final
{
    Q_GADGET

public:
    enum class State {
        Stopped,        // not started yet, or retired
        Idle,           // just (re)started: the job loop begins on the next turn of the event loop
        Thinking,       // between jobs
        Acquiring,      // an acquire is in flight
        Backoff,        // the lock was taken: waits to retry
        Doomed,         // inside with a crash claimed: dies halfway through its work
        Stalled,        // inside, stalled (slow I/O) or frozen (a GC pause) before its work
        Working,        // inside; for a recursive job, the outer method's first half
        CheckingStock,  // inside, reading the stock (GET)
        Buying,         // inside, taking one item (DECR)
        Reentering,     // inside, the recursive call's inner acquire in flight
        HoldingInner,   // inside the recursive call
        ReleasingInner, // the recursive call's release in flight
        FinishingOuter, // the outer method's rest, after the inner release
        Lingering,      // done and out, but stalled before releasing
        Lurking,        // still stalled, until another worker is inside (the worst moment)
        Releasing,      // the release in flight
        Crashed,        // dead; its supervisor may restart it
        Done,           // the sale is over: nothing left to do
    };
    Q_ENUM(State)

    enum class Event {
        Start,         // started (by the run)
        Timer,         // the state's own time span is over
        Granted,       // the acquire succeeded
        Refused,       // the acquire failed (taken, no quorum, not replicated, an error)
        CrashPoint,    // the crash point between an acquire's commands fired
        StockRead,     // GET: items left
        SoldOut,       // GET: none left
        StockUnknown,  // GET failed
        Bought,        // DECR answered
        InnerGranted,  // the recursive call got the lock again
        InnerRefused,  // ... or did not
        InnerReleased, // the recursive call's release answered
        Released,      // the release answered, whatever it said
        OtherEntered,  // another worker entered the critical section
        WatchdogTick,  // a third of the TTL has passed while holding
        LockLost,      // a renewal found the lock gone or someone else's
        Crash,         // killed, as kill -9 would
        Stop,          // retired: the run is over, or fewer workers are wanted
    };
    Q_ENUM(Event)

    // What the worker does, in the order given.
    enum class Action {
        Boot,          // a new incarnation: new client id, new connections
        Restart,       // its supervisor restarts it (then as Boot)
        BeginWait,     // starts waiting for the section, with a new token
        Acquire,       // sends an acquire
        GiveUp,        // stops waiting: the acquire timeout is used up
        Enter,         // got the lock (or needs none): enters the critical section
        StartWatchdog, // renews every TTL/3 from now
        StopWatchdog,
        Renew,         // sends a renewal now
        NoteLockLost,
        ClaimFault,    // the armed fault strikes this worker here
        Stall,         // the stall begins
        Resume,        // the stall is over
        ReadResource,  // fencing: shows the resource its token on first access
        WriteResource, // fencing: writes, with its token
        ReadStock,     // sends GET stock
        Decrement,     // sends DECR stock
        AcquireInner,  // the recursive call takes the same lock
        ReleaseInner,
        Leave,         // leaves the critical section
        Release,       // sends the release
        Finish,        // the sale is over: says so to the run
        StopWaiting,   // crashed or retired while waiting
        Abandon,       // crashed or retired inside the critical section
        Die,           // crashes: drops its connections, forgets its lock, says so
        Retire,        // stops: drops its connections
    };
    Q_ENUM(Action)

    // What a state waits for; anything else it ignores (but Crash and Stop).
    enum class Wait { Nothing, Timer, Reply, EntryOrTimer };
    Q_ENUM(Wait)

    // The parts of a recipe that shape the loop.
    struct Config
    {
        bool locked = true;                     // false: no lock at all
        DemoRecipe::Job job = DemoRecipe::Job::Plain;
        bool watchdog = true;                   // renew every TTL/3 while holding
        bool stallFreezesWatchdog = false;      // a stall is a frozen process: its watchdog stops too

        static Config from(const DemoRecipe &recipe);
    };

    // What the machine cannot know itself, read by the worker when the event happens.
    struct Facts
    {
        DemoRecipe::Fault armedFault = DemoRecipe::Fault::None; // for the next worker to reach its point
        bool lockNotReplicated = false; // failover: this holder's lock reached the master only
        bool waitedTooLong = false;     // the acquire timeout is used up
        bool worstMoment = false;       // another worker is inside, with most of its work ahead
    };

    explicit DemoWorkerMachine(const Config &config, State state);
    explicit DemoWorkerMachine(const Config &config);

    State state() const { return m_state; }
    const Config &config() const { return m_config; }
    bool saleOver() const { return m_saleOver; }
    // The watchdog found the lock gone during this hold.
    bool lockLost() const { return m_lockLost; }

    // The one transition function: moves to the next state and returns what to do.
    QList<Action> handle(Event event, const Facts &facts);
    QList<Action> handle(Event event);

    static Wait waitsFor(State state);
    // Inside the critical section (it has entered and not left).
    static bool isInside(State state);
    // Counted among the section's waiters.
    static bool isWaiting(State state);
    // Holds the lock, as far as it knows: inside, or out but not yet released.
    static bool holdsLock(State state);
    // The coarse state the workers table shows.
    static DemoWorkerState display(State state);

private:
    void beginJob(QList<Action> &out, const Facts &facts);
    void enter(QList<Action> &out, const Facts &facts);
    void work(QList<Action> &out);
    void finishJob(QList<Action> &out, const Facts &facts);
    void release(QList<Action> &out);
    void end(QList<Action> &out, Action how, State next);

    Config m_config;
    State m_state;
    bool m_stallPending = false; // a stall was claimed on entry; it strikes before the work
    bool m_saleOver = false;
    bool m_lockLost = false;
};
