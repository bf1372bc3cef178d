#include "grouptransport.h"

#include "connectionoptions.h"
#include "sessiontransport.h"

#include <algorithm>

GroupTransport::GroupTransport(const QList<ConnectionProfile> &nodes, QObject *parent)
    : QObject(parent)
{
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        Node n;
        n.transport = new SessionTransport(nodes.at(i), this);
        m_nodes << n;
        const int node = int(i);
        connect(n.transport, &SessionTransport::ready, this, [this, node] { setState(node, State::Ready); });
        connect(n.transport, &SessionTransport::failed, this, [this, node](const QString &message) {
            // A tunnel that never came up fails the node. Once up, the node stays ready (its
            // connections keep trying) and the reason is kept: why it is not reached, rather
            // than a local port's refusal.
            if (m_nodes.at(node).state == State::Waiting) {
                setState(node, State::Failed, message);
            } else if (m_nodes.at(node).state == State::Ready) {
                m_nodes[node].failure = message;
                Q_EMIT nodeFailed(node, message);
            }
        });
        connect(n.transport, &SessionTransport::interrupted, this, [this, node](const QString &message) {
            m_nodes[node].failure = message;
            Q_EMIT nodeFailed(node, message);
        });
        connect(n.transport, &SessionTransport::restored, this, [this, node] { m_nodes[node].failure.clear(); });
        connect(n.transport, &SessionTransport::hostKeyRecorded, this, &GroupTransport::hostKeyRecorded);
        connect(n.transport, &SessionTransport::hostKeyUnknown, this,
                [this, node](const QString &destination, const QString &fingerprint, const QString &keyType) {
                    const QString question = destination + QLatin1Char(' ') + fingerprint;
                    m_nodes[node].question = question;
                    // Answered already for another node behind the same bastion: that answer is
                    // this one's too; asked and not answered yet: it will be.
                    if (const auto answer = m_answers.constFind(question); answer != m_answers.cend()) {
                        if (*answer)
                            acceptHostKey(node, false);
                        else
                            rejectHostKey(node);
                    } else if (askingTheSame(node).size() == 1) {
                        Q_EMIT hostKeyUnknown(node, destination, fingerprint, keyType);
                    }
                });
    }
}

GroupTransport::~GroupTransport() = default;

void GroupTransport::start()
{
    if (m_started)
        return;
    m_started = true;
    for (Node &n : m_nodes)
        if (n.transport->isTunnel())
            n.state = State::Waiting;
    for (int i = 0; i < size(); ++i)
        if (m_nodes.at(i).state == State::Idle)
            setState(i, State::Ready);
    for (const Node &n : std::as_const(m_nodes))
        if (n.state == State::Waiting)
            n.transport->start();
}

bool GroupTransport::isSettled() const
{
    return std::all_of(m_nodes.cbegin(), m_nodes.cend(), [](const Node &n) { return n.state == State::Ready || n.state == State::Failed; });
}

std::function<ConnectionOptions(const ConnectionOptions &)> GroupTransport::route(int node) const
{
    return [transport = m_nodes.at(node).transport](const ConnectionOptions &target) { return transport->route(target); };
}

ConnectionOptions GroupTransport::route(int node, const ConnectionOptions &target) const
{
    return m_nodes.at(node).transport->route(target);
}

void GroupTransport::acceptHostKey(int node, bool record)
{
    if (!m_nodes.at(node).question.isEmpty())
        m_answers.insert(m_nodes.at(node).question, true);
    for (int i : askingTheSame(node)) {
        m_nodes[i].question.clear();
        m_nodes.at(i).transport->acceptHostKey(record);
    }
}

void GroupTransport::rejectHostKey(int node)
{
    if (!m_nodes.at(node).question.isEmpty())
        m_answers.insert(m_nodes.at(node).question, false);
    for (int i : askingTheSame(node)) {
        m_nodes[i].question.clear();
        m_nodes.at(i).transport->rejectHostKey();
    }
}

void GroupTransport::setState(int node, State state, const QString &failure)
{
    const bool wasSettled = isSettled();
    m_nodes[node].state = state;
    m_nodes[node].failure = failure;
    if (state == State::Ready)
        Q_EMIT nodeReady(node);
    else if (state == State::Failed)
        Q_EMIT nodeFailed(node, failure);
    if (!wasSettled && isSettled())
        Q_EMIT settled();
}

QList<int> GroupTransport::askingTheSame(int node) const
{
    QList<int> out;
    const QString &question = m_nodes.at(node).question;
    for (int i = 0; i < size() && !question.isEmpty(); ++i)
        if (m_nodes.at(i).question == question)
            out << i;
    return out;
}
