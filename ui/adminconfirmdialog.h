#pragma once

#include "adminplan.h"

#include <QDialog>

// Shows exactly what an admin action will run (server, the intent, key, token, the state it
// is guarded on, the command and the Lua source) and asks before it runs. Opened with open(), never exec(): the GUI keeps running.
class AdminConfirmDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdminConfirmDialog)

public:
    AdminConfirmDialog(const AdminPlan &plan, const QString &server, QWidget *parent = nullptr);

    const AdminPlan &plan() const { return m_plan; }

private:
    AdminPlan m_plan;
};
