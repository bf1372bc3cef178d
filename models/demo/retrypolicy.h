#pragma once

#include <QCoreApplication>
#include <QString>

class QRandomGenerator;

// How a client that failed to take a lock waits before the next attempt: a fixed interval
// (optionally jittered), or exponential backoff with "equal jitter" — half of base·2ⁿ fixed,
// half random, capped — which spreads waiters apart instead of letting them retry in step.
class RetryPolicy final
{
    Q_DECLARE_TR_FUNCTIONS(RetryPolicy)

public:
    enum class Kind { Fixed, Exponential };

    static RetryPolicy fixed(int intervalMs, double jitter = 0.0);
    static RetryPolicy exponential(int baseMs, int capMs);

    Kind kind() const { return m_kind; }
    int baseMs() const { return m_baseMs; }
    int capMs() const { return m_capMs; }
    double jitter() const { return m_jitter; }

    // The delay before attempt number `failures` + 1, after `failures` failed attempts (≥ 1).
    int delayMs(int failures, QRandomGenerator &rng) const;
    // The least and most delayMs() can return for that attempt.
    int minDelayMs(int failures) const;
    int maxDelayMs(int failures) const;

    QString describe() const;

private:
    Kind m_kind = Kind::Fixed;
    int m_baseMs = 20;
    int m_capMs = 20;
    double m_jitter = 0.0;
};
