#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>

#include <map>

// Keys ordered by the time at which they are due (a lock's predicted expiry), so a watch can
// look at each lock right after its deadline: an expiring key is then seen gone at once,
// instead of when Redis's lazy or sampled expiry happens to reach it. One entry per key;
// rescheduling replaces it, so the queue never grows beyond the number of keys.
class DeadlineQueue final
{
public:
    // dueMs < 0 removes the key.
    void schedule(const QByteArray &key, qint64 dueMs);
    void remove(const QByteArray &key);
    void clear();
    // The earliest due time, or -1 when empty.
    qint64 next() const;
    // Keys due at or before nowMs, earliest first, removed from the queue.
    QList<QByteArray> takeDue(qint64 nowMs);
    qsizetype size() const { return m_byKey.size(); }
    bool contains(const QByteArray &key) const { return m_byKey.contains(key); }

private:
    using Queue = std::multimap<qint64, QByteArray>;
    Queue m_byTime;
    QHash<QByteArray, Queue::iterator> m_byKey;
};
