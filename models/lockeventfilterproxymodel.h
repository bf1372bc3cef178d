#pragma once

#include "keypattern.h"
#include "lockevent.h"

#include <QSortFilterProxyModel>

#include <optional>

// Narrows the event log by kind, key (a substring, or a Redis glob when it has * ? or [)
// and holder (a substring of the holder or token, before or after a handover). Keeps the
// log's order: events are shown as they happened, never re-sorted.
class LockEventFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockEventFilterProxyModel)

public:
    explicit LockEventFilterProxyModel(QObject *parent = nullptr);

    void setKindShown(LockEventKind kind, bool shown);
    bool isKindShown(LockEventKind kind) const { return m_kinds & (1u << int(kind)); }
    void setKinds(const QList<LockEventKind> &kinds);
    void setKeyFilter(const QString &text);
    QString keyFilter() const { return m_keyText; }
    void setHolderFilter(const QString &text);
    QString holderFilter() const { return m_holderText; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    quint32 m_kinds = 0xffu;
    QString m_keyText;
    std::optional<KeyPattern> m_keyGlob;
    QString m_holderText;
};
