#pragma once

#include "redlockgroup.h"

#include <QDialog>

class ConnectionStore;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;

// The saved Redlock groups: pick one or start a new one, name it, tick its nodes among the
// saved connections (each with its own host, credentials and TLS, as the connection manager
// edits them), and give the Redlock parameters the application uses. Save, delete, or open
// the group's view.
class RedlockGroupDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedlockGroupDialog)

public:
    explicit RedlockGroupDialog(ConnectionStore *store, QWidget *parent = nullptr);

    // The group as edited (its nodes in the order of the list).
    RedlockGroup group() const;
    void setGroup(const RedlockGroup &group);
    bool saveGroup();
    bool deleteGroup();
    void openGroup();
    QListWidget *nodeList() const { return m_nodes; }
    QString statusText() const;

Q_SIGNALS:
    void openRequested(const RedlockGroup &group);

private:
    void reload(const QString &selectId = {});
    void showStatus(const QString &text, bool error = false);

    ConnectionStore *m_store;
    QList<RedlockGroup> m_groups;
    QList<ConnectionProfile> m_connections;
    QString m_id;
    QComboBox *m_saved;
    QLineEdit *m_name;
    QListWidget *m_nodes;
    QDoubleSpinBox *m_drift;
    QSpinBox *m_retryCount;
    QSpinBox *m_retryDelay;
    QLabel *m_status;
};
