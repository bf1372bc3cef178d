#pragma once

#include "adminplan.h"

#include <QDialog>

class QFormLayout;
class QLineEdit;
class QPushButton;

// Shows exactly what an admin action will run (server, the intent, key, token, the state it
// is guarded on, the command and the Lua source) and asks before it runs. Opened with open(), never exec(): the GUI keeps running.
class AdminConfirmDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdminConfirmDialog)

public:
    AdminConfirmDialog(const AdminPlan &plan, const QString &server, QWidget *parent = nullptr);

    const AdminPlan &plan() const { return m_plan; }

    // One more row of what will happen, before "Will run" (a group's per-node guards).
    void addDetail(const QString &label, const QString &text);

    // On a production connection, as RedisInsight does: the action runs only once the
    // operator has typed the key name (as the key is shown, binary bytes as \xNN).
    void requireTypedKey(const QString &connectionName);
    bool isKeyTyped() const;
    QLineEdit *typedKeyField() const { return m_typedKey; }

    // Refused until the key is typed, when it must be: Enter or a script's accept() included.
    void accept() override;

private:
    AdminPlan m_plan;
    QFormLayout *m_form = nullptr;
    QPushButton *m_run = nullptr;
    QLineEdit *m_typedKey = nullptr;
};
