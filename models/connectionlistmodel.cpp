#include "connectionlistmodel.h"

#include <QCollator>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <numeric>

namespace {
// Index ids: 0 for a top-level row (a group, or a connection of no group); g + 1 for the
// connections of group g.
constexpr quintptr topLevel = 0;
} // namespace

ConnectionListModel::ConnectionListModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

ConnectionListModel::~ConnectionListModel() = default;

void ConnectionListModel::setConnections(const QList<ConnectionProfile> &profiles)
{
    beginResetModel();
    m_profiles = profiles;
    m_groups.clear();
    m_ungrouped.clear();
    // The C locale's collator compares code points and ignores numeric mode: under it (LANG
    // unset, as on many servers and in CI), sort as English does.
    const QLocale locale = QLocale().language() == QLocale::C ? QLocale(QLocale::English) : QLocale();
    QCollator collator(locale);
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true); // "eu-2" before "eu-10"
    QList<int> order(m_profiles.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return collator.compare(m_profiles.at(a).name, m_profiles.at(b).name) < 0; });
    for (const int row : std::as_const(order)) {
        const QString &group = m_profiles.at(row).group;
        if (group.trimmed().isEmpty()) {
            m_ungrouped << row;
            continue;
        }
        auto it = std::find_if(m_groups.begin(), m_groups.end(), [&group](const Group &g) { return g.name == group; });
        if (it == m_groups.end())
            m_groups << Group{group, {row}};
        else
            it->members << row;
    }
    std::sort(m_groups.begin(), m_groups.end(), [&](const Group &a, const Group &b) { return collator.compare(a.name, b.name) < 0; });
    endResetModel();
}

const ConnectionProfile *ConnectionListModel::connection(const QModelIndex &index) const
{
    const int row = profileRow(index);
    return row < 0 ? nullptr : &m_profiles.at(row);
}

QModelIndex ConnectionListModel::indexOf(const QString &id, int column) const
{
    for (qsizetype g = 0; g < m_groups.size(); ++g)
        for (qsizetype i = 0; i < m_groups.at(g).members.size(); ++i)
            if (m_profiles.at(m_groups.at(g).members.at(i)).id == id)
                return createIndex(int(i), column, quintptr(g + 1));
    for (qsizetype i = 0; i < m_ungrouped.size(); ++i)
        if (m_profiles.at(m_ungrouped.at(i)).id == id)
            return createIndex(int(m_groups.size() + i), column, topLevel);
    return {};
}

QStringList ConnectionListModel::groups() const
{
    QStringList names;
    for (const Group &g : m_groups)
        names << g.name;
    return names;
}

int ConnectionListModel::profileRow(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return -1;
    const quintptr id = index.internalId();
    if (id == topLevel) {
        const int row = index.row() - int(m_groups.size());
        return row >= 0 && row < m_ungrouped.size() ? m_ungrouped.at(row) : -1;
    }
    const Group &group = m_groups.at(qsizetype(id - 1));
    return index.row() < group.members.size() ? group.members.at(index.row()) : -1;
}

QModelIndex ConnectionListModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, topLevel);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex ConnectionListModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == topLevel)
        return {};
    return createIndex(int(child.internalId() - 1), 0, topLevel);
}

int ConnectionListModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size() + m_ungrouped.size());
    if (parent.column() != 0 || parent.internalId() != topLevel || parent.row() >= m_groups.size())
        return 0;
    return int(m_groups.at(parent.row()).members.size());
}

int ConnectionListModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ConnectionListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const ConnectionProfile *p = connection(index);
    if (!p) {
        const Group &group = m_groups.at(index.row());
        switch (role) {
        case Qt::DisplayRole:
            if (index.column() == NameColumn)
                return group.name;
            // Spelled out: no translation is loaded to pick the plural of "%n connection(s)".
            return group.members.size() == 1 ? tr("1 connection") : tr("%1 connections").arg(group.members.size());
        case Qt::FontRole: {
            QFont font;
            font.setBold(true);
            return font;
        }
        case IsGroupRole:
            return true;
        case GroupRole:
            return group.name;
        case IdRole:
            return QString();
        case ProductionRole:
            return false;
        default:
            return {};
        }
    }
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == NameColumn)
            return p->name;
        return p->production ? tr("PRODUCTION · %1").arg(p->addressText()) : p->addressText();
    case Qt::DecorationRole:
        // A QColor decoration is painted as a swatch by the standard delegate.
        return index.column() == NameColumn && p->color.isValid() ? QVariant(p->color) : QVariant();
    case Qt::FontRole:
        if (p->production) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        return p->production ? tr("%1 — production: a force-release asks for the key name to be typed").arg(p->addressText())
                             : p->addressText();
    case IdRole:
        return p->id;
    case IsGroupRole:
        return false;
    case ProductionRole:
        return p->production;
    case GroupRole:
        return p->group;
    default:
        return {};
    }
}

QVariant ConnectionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Connection") : tr("Where");
}
