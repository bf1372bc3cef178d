#include "deadlinequeue.h"

void DeadlineQueue::schedule(const QByteArray &key, qint64 dueMs)
{
    if (dueMs < 0) {
        remove(key);
        return;
    }
    const auto it = m_byKey.find(key);
    if (it != m_byKey.end()) {
        if ((*it)->first == dueMs)
            return;
        m_byTime.erase(*it);
        *it = m_byTime.emplace(dueMs, key);
        return;
    }
    m_byKey.insert(key, m_byTime.emplace(dueMs, key));
}

void DeadlineQueue::remove(const QByteArray &key)
{
    const auto it = m_byKey.find(key);
    if (it == m_byKey.end())
        return;
    m_byTime.erase(*it);
    m_byKey.erase(it);
}

void DeadlineQueue::clear()
{
    m_byTime.clear();
    m_byKey.clear();
}

qint64 DeadlineQueue::next() const
{
    return m_byTime.empty() ? -1 : m_byTime.begin()->first;
}

QList<QByteArray> DeadlineQueue::takeDue(qint64 nowMs)
{
    QList<QByteArray> due;
    auto it = m_byTime.begin();
    while (it != m_byTime.end() && it->first <= nowMs) {
        due << it->second;
        m_byKey.remove(it->second);
        it = m_byTime.erase(it);
    }
    return due;
}
