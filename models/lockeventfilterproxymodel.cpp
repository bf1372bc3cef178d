#include "lockeventfilterproxymodel.h"

#include "lockeventlog.h"
#include "tokentext.h"

LockEventFilterProxyModel::LockEventFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // The log is in time order already; sorting would also cost a remap on every append.
    setDynamicSortFilter(false);
}

void LockEventFilterProxyModel::setKindShown(LockEventKind kind, bool shown)
{
    const quint32 bit = 1u << int(kind);
    const quint32 kinds = shown ? (m_kinds | bit) : (m_kinds & ~bit);
    if (kinds == m_kinds)
        return;
    m_kinds = kinds;
    invalidateRowsFilter();
}

void LockEventFilterProxyModel::setKinds(const QList<LockEventKind> &kinds)
{
    quint32 mask = 0;
    for (LockEventKind k : kinds)
        mask |= 1u << int(k);
    if (mask == m_kinds)
        return;
    m_kinds = mask;
    invalidateRowsFilter();
}

void LockEventFilterProxyModel::setKeyFilter(const QString &text)
{
    if (text == m_keyText)
        return;
    m_keyText = text;
    const bool glob = text.contains(QLatin1Char('*')) || text.contains(QLatin1Char('?')) || text.contains(QLatin1Char('['));
    m_keyGlob.reset();
    if (glob) {
        // Keys are bytes; the filter is typed as redis-cli shows them.
        const std::optional<QByteArray> bytes = TokenText::unescape(text);
        m_keyGlob = KeyPattern(bytes.value_or(text.toUtf8()), Qt::CaseInsensitive);
    }
    invalidateRowsFilter();
}

void LockEventFilterProxyModel::setHolderFilter(const QString &text)
{
    if (text == m_holderText)
        return;
    m_holderText = text;
    invalidateRowsFilter();
}

bool LockEventFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    const QModelIndex index = model->index(sourceRow, 0, sourceParent);
    // Cheapest test first: the kind is an int.
    if (!(m_kinds & (1u << model->data(index, LockEventLog::KindRole).toInt())))
        return false;
    if (!m_keyText.isEmpty()) {
        if (m_keyGlob) {
            if (!m_keyGlob->matches(model->data(index, LockEventLog::KeyBytesRole).toByteArray()))
                return false;
        } else if (!model->index(sourceRow, LockEventLog::KeyColumn, sourceParent).data().toString().contains(m_keyText, Qt::CaseInsensitive)) {
            return false;
        }
    }
    if (!m_holderText.isEmpty() && !model->data(index, LockEventLog::HolderTextRole).toString().contains(m_holderText, Qt::CaseInsensitive))
        return false;
    return true;
}
