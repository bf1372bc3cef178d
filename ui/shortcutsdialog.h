#pragma once

#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QString>

class QAction;
class QMenuBar;
class QTreeWidget;

// Help → Keyboard shortcuts: every entry of the window's menus with its shortcut, read from
// the actions themselves when the dialog opens, so the list cannot go stale. An entry meant to
// have no shortcut (a choice among several in a submenu, About) is marked exempt where the
// action is made; a test checks every other visible entry has one.
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    struct Entry
    {
        QString menu; // "Locks", "Watch › Report a lock as stuck when held for"
        QString text; // the entry, without "&" and "…"
        QKeySequence shortcut;
        bool exempt = false;
        QAction *action = nullptr;
    };

    explicit ShortcutsDialog(QMenuBar *menus, QWidget *parent = nullptr);

    // Every visible, enabled-or-not entry of the menus, in menu order; separators and
    // submenus themselves left out.
    static QList<Entry> entries(const QMenuBar *menus);
    // Marks an action as deliberately without a shortcut.
    static void setExempt(QAction *action, bool exempt = true);
    static bool isExempt(const QAction *action);

    QTreeWidget *view() const { return m_view; }

private:
    QTreeWidget *m_view;
};
