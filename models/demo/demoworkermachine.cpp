#include "demoworkermachine.h"

#include <utility>

namespace {
using Fault = DemoRecipe::Fault;
using Job = DemoRecipe::Job;
} // namespace

DemoWorkerMachine::Config DemoWorkerMachine::Config::from(const DemoRecipe &recipe)
{
    Config c;
    c.locked = recipe.lock != DemoRecipe::Lock::None;
    c.job = recipe.job;
    c.watchdog = c.locked && recipe.watchdog;
    c.stallFreezesWatchdog = recipe.stallFreezesWatchdog;
    return c;
}

DemoWorkerMachine::DemoWorkerMachine(const Config &config, State state)
    : m_config(config)
    , m_state(state)
{
}

DemoWorkerMachine::DemoWorkerMachine(const Config &config)
    : DemoWorkerMachine(config, State::Stopped)
{
}

DemoWorkerMachine::Wait DemoWorkerMachine::waitsFor(State state)
{
    switch (state) {
    case State::Idle:
    case State::Thinking:
    case State::Backoff:
    case State::Doomed:
    case State::Stalled:
    case State::Working:
    case State::HoldingInner:
    case State::FinishingOuter:
    case State::Lingering:
    case State::Crashed: // its supervisor's restart delay (none: it stays dead)
        return Wait::Timer;
    case State::Acquiring:
    case State::CheckingStock:
    case State::Buying:
    case State::Reentering:
    case State::ReleasingInner:
    case State::Releasing:
        return Wait::Reply;
    case State::Lurking:
        return Wait::EntryOrTimer;
    case State::Stopped:
    case State::Done:
        break;
    }
    return Wait::Nothing;
}

bool DemoWorkerMachine::isInside(State state)
{
    switch (state) {
    case State::Doomed:
    case State::Stalled:
    case State::Working:
    case State::CheckingStock:
    case State::Buying:
    case State::Reentering:
    case State::HoldingInner:
    case State::ReleasingInner:
    case State::FinishingOuter:
        return true;
    default:
        return false;
    }
}

bool DemoWorkerMachine::isWaiting(State state)
{
    return state == State::Acquiring || state == State::Backoff;
}

bool DemoWorkerMachine::holdsLock(State state)
{
    return isInside(state) || state == State::Lingering || state == State::Lurking || state == State::Releasing;
}

DemoWorkerState DemoWorkerMachine::display(State state)
{
    switch (state) {
    case State::Stopped:
    case State::Idle:
    case State::Thinking:
        return DemoWorkerState::Idle;
    case State::Acquiring:
    case State::Backoff:
        return DemoWorkerState::Waiting;
    case State::Stalled:
    case State::Lingering:
    case State::Lurking:
        return DemoWorkerState::Paused;
    case State::Crashed:
        return DemoWorkerState::Crashed;
    case State::Done:
        return DemoWorkerState::Done;
    default:
        return DemoWorkerState::Holding;
    }
}

QList<DemoWorkerMachine::Action> DemoWorkerMachine::handle(Event event)
{
    return handle(event, Facts{});
}

QList<DemoWorkerMachine::Action> DemoWorkerMachine::handle(Event event, const Facts &facts)
{
    QList<Action> out;
    // Events that mean the same in every state.
    switch (event) {
    case Event::Start:
        if (m_state == State::Stopped) {
            out << Action::Boot;
            m_state = State::Idle;
        }
        return out;
    case Event::Crash:
        if (m_state != State::Stopped && m_state != State::Crashed)
            end(out, Action::Die, State::Crashed);
        return out;
    case Event::Stop:
        if (m_state != State::Stopped)
            end(out, Action::Retire, State::Stopped);
        return out;
    case Event::WatchdogTick:
        if (holdsLock(m_state))
            out << Action::Renew;
        return out;
    case Event::LockLost:
        // Told once per hold; the job does not know and carries on, as real code would.
        if (holdsLock(m_state) && !m_lockLost) {
            m_lockLost = true;
            out << Action::NoteLockLost << Action::StopWatchdog;
        }
        return out;
    default:
        break;
    }

    switch (m_state) {
    case State::Idle:
    case State::Thinking:
        if (event == Event::Timer)
            beginJob(out, facts);
        break;
    case State::Acquiring:
        if (event == Event::Granted) {
            enter(out, facts);
        } else if (event == Event::Refused) {
            if (facts.waitedTooLong) {
                out << Action::GiveUp;
                m_state = State::Thinking;
            } else {
                m_state = State::Backoff;
            }
        } else if (event == Event::CrashPoint) {
            end(out, Action::Die, State::Crashed);
        }
        break;
    case State::Backoff:
        if (event == Event::Timer) {
            out << Action::Acquire;
            m_state = State::Acquiring;
        }
        break;
    case State::Doomed:
        if (event == Event::Timer)
            end(out, Action::Die, State::Crashed);
        break;
    case State::Stalled:
        if (event == Event::Timer) {
            // A frozen process wakes up to overdue timers: its watchdog fires at once.
            if (m_config.stallFreezesWatchdog && m_config.watchdog)
                out << Action::StartWatchdog << Action::Renew;
            out << Action::Resume;
            m_state = State::Working;
        }
        break;
    case State::Working:
        if (event != Event::Timer)
            break;
        switch (m_config.job) {
        case Job::Plain:
            finishJob(out, facts);
            break;
        case Job::FencedWrite:
            out << Action::WriteResource;
            finishJob(out, facts);
            break;
        case Job::Purchase:
            out << Action::Decrement;
            m_state = State::Buying;
            break;
        case Job::Recursive: // the outer method calls a helper that takes the same lock
            out << Action::AcquireInner;
            m_state = State::Reentering;
            break;
        }
        break;
    case State::CheckingStock:
        if (event == Event::StockRead) {
            work(out);
        } else if (event == Event::SoldOut || event == Event::StockUnknown) {
            m_saleOver = m_saleOver || event == Event::SoldOut;
            finishJob(out, facts);
        }
        break;
    case State::Buying:
        if (event == Event::Bought)
            finishJob(out, facts);
        break;
    case State::Reentering:
        if (event == Event::InnerGranted)
            m_state = State::HoldingInner;
        else if (event == Event::InnerRefused)
            finishJob(out, facts);
        break;
    case State::HoldingInner:
        if (event == Event::Timer) {
            out << Action::ReleaseInner;
            m_state = State::ReleasingInner;
        }
        break;
    case State::ReleasingInner:
        if (event == Event::InnerReleased)
            m_state = State::FinishingOuter;
        break;
    case State::FinishingOuter:
        if (event == Event::Timer)
            finishJob(out, facts);
        break;
    case State::Lingering:
        // The stall is over; release now if the moment is already the worst, else lurk.
        if (event == Event::Timer) {
            if (facts.worstMoment)
                release(out);
            else
                m_state = State::Lurking;
        }
        break;
    case State::Lurking:
        if (event == Event::OtherEntered || event == Event::Timer)
            release(out);
        break;
    case State::Releasing:
        if (event == Event::Released)
            m_state = State::Thinking;
        break;
    case State::Crashed:
        if (event == Event::Timer) {
            out << Action::Restart;
            m_state = State::Idle;
        }
        break;
    case State::Stopped:
    case State::Done:
        break;
    }
    return out;
}

void DemoWorkerMachine::beginJob(QList<Action> &out, const Facts &facts)
{
    if (m_saleOver) {
        out << Action::Finish;
        m_state = State::Done;
        return;
    }
    out << Action::BeginWait;
    if (!m_config.locked) {
        enter(out, facts);
        return;
    }
    out << Action::Acquire;
    m_state = State::Acquiring;
}

void DemoWorkerMachine::enter(QList<Action> &out, const Facts &facts)
{
    m_lockLost = false;
    out << Action::Enter;
    if (m_config.watchdog)
        out << Action::StartWatchdog;
    if (facts.armedFault == Fault::CrashInside) {
        out << Action::ClaimFault;
        m_state = State::Doomed;
        return;
    }
    m_stallPending = facts.lockNotReplicated;
    if (facts.armedFault == Fault::StallInside || facts.armedFault == Fault::NodeRestart) {
        out << Action::ClaimFault;
        m_stallPending = true;
    }
    switch (m_config.job) {
    case Job::Purchase: // the stall, if any, comes after the read: the worst place for it
        out << Action::ReadStock;
        m_state = State::CheckingStock;
        return;
    case Job::FencedWrite: // the resource sees this holder's token before any stall
        out << Action::ReadResource;
        break;
    case Job::Plain:
    case Job::Recursive:
        break;
    }
    work(out);
}

void DemoWorkerMachine::work(QList<Action> &out)
{
    if (!std::exchange(m_stallPending, false)) {
        m_state = State::Working;
        return;
    }
    out << Action::Stall;
    if (m_config.stallFreezesWatchdog)
        out << Action::StopWatchdog;
    m_state = State::Stalled;
}

void DemoWorkerMachine::finishJob(QList<Action> &out, const Facts &facts)
{
    out << Action::Leave;
    if (!m_config.locked) {
        m_state = State::Thinking;
        return;
    }
    if (facts.armedFault == Fault::StallBeforeRelease) {
        out << Action::ClaimFault;
        m_state = State::Lingering;
        return;
    }
    release(out);
}

void DemoWorkerMachine::release(QList<Action> &out)
{
    out << Action::StopWatchdog << Action::Release;
    m_state = State::Releasing;
}

// Crashing and retiring leave whatever the worker was in the middle of, without a word to Redis.
void DemoWorkerMachine::end(QList<Action> &out, Action how, State next)
{
    out << Action::StopWatchdog;
    if (isWaiting(m_state))
        out << Action::StopWaiting;
    if (isInside(m_state))
        out << Action::Abandon;
    out << how;
    m_stallPending = false;
    m_state = next;
}
