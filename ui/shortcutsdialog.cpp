#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace {
constexpr const char *exemptProperty = "lockscopeShortcutExempt";

QString plain(QString text)
{
    // "&Force release…" → "Force release"; "&&" is a literal ampersand.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    if (text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

void collect(const QMenu *menu, const QString &path, QList<ShortcutsDialog::Entry> *out)
{
    for (QAction *a : menu->actions()) {
        if (a->isSeparator() || !a->isVisible())
            continue;
        if (QMenu *sub = a->menu()) {
            collect(sub, path + QStringLiteral(" › ") + plain(a->text()), out);
            continue;
        }
        out->append({path, plain(a->text()), a->shortcut(), ShortcutsDialog::isExempt(a), a});
    }
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMenuBar *menus, QWidget *parent)
    : QDialog(parent)
    , m_view(new QTreeWidget(this))
{
    setWindowTitle(tr("Keyboard shortcuts"));
    m_view->setColumnCount(2);
    m_view->setHeaderLabels({tr("Action"), tr("Shortcut")});
    m_view->setRootIsDecorated(true);
    m_view->setUniformRowHeights(true);
    QHash<QString, QTreeWidgetItem *> groups;
    for (const Entry &e : entries(menus)) {
        QTreeWidgetItem *&group = groups[e.menu];
        if (!group) {
            group = new QTreeWidgetItem(m_view, {e.menu});
            QFont bold = group->font(0);
            bold.setBold(true);
            group->setFont(0, bold);
            group->setFirstColumnSpanned(true);
            group->setExpanded(true);
        }
        new QTreeWidgetItem(group, {e.text, e.shortcut.toString(QKeySequence::NativeText)});
    }
    m_view->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_view->expandAll();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    layout->addWidget(buttons);
    resize(520, 560);
}

QList<ShortcutsDialog::Entry> ShortcutsDialog::entries(const QMenuBar *menus)
{
    QList<Entry> out;
    for (QAction *top : menus->actions())
        if (QMenu *menu = top->menu(); menu && top->isVisible())
            collect(menu, plain(top->text()), &out);
    return out;
}

void ShortcutsDialog::setExempt(QAction *action, bool exempt)
{
    action->setProperty(exemptProperty, exempt);
}

bool ShortcutsDialog::isExempt(const QAction *action)
{
    return action->property(exemptProperty).toBool();
}
