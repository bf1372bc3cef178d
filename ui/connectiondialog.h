#pragma once

#include "connectionprofile.h"
#include "redlockgroup.h"

#include <QDialog>
#include <QHash>

class ConnectionListModel;
class ConnectionStore;
class QCheckBox;
class RedlockGroupDialog;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QToolButton;
class QTreeView;

// The connection manager: the saved connections (by group, with their colour tags) beside an
// editor for every field of one (kind, nodes, sentinel master and credentials, ACL user, TLS,
// SSH tunnel, Unix socket, read-only, production), where a pasted redis://, rediss:// or
// redis+sentinel:// URL fills the fields in. Connect, save, duplicate, delete, import and
// export. Secrets typed here go to the keychain when saved (through ConnectionStore), never
// to the settings or an exported file; a saved one shows as saved and is kept unless the
// user types another or forgets it.
//
// Without a store it edits one ad-hoc connection. Opened with open() (window-modal) or
// show(); its own questions (delete, files, colours) are opened the same way, never exec().
class ConnectionDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionDialog)

public:
    explicit ConnectionDialog(ConnectionStore *store = nullptr, QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    // The editor's connection: what is shown, what profile() gives back with what was typed.
    void setProfile(const ConnectionProfile &profile);
    ConnectionProfile profile() const;
    // Shows the saved connection of this id in the editor; false when there is none.
    bool selectConnection(const QString &id);
    QString selectedId() const;
    void setSandboxAvailable(bool available);

    // Fills the editor from a URL, as pasting one does; false (and the reason shown) when
    // it is not one LockScope reads.
    bool applyUrl(const QString &url);
    // The saved Redlock groups, in a dialog of their own over this one.
    RedlockGroupDialog *openRedlockGroups();
    // The buttons' actions, for the buttons and for tests.
    void newConnection();
    void saveConnection();
    void duplicateConnection();
    // Asks first (a window-modal question), then deletes the connection and its secrets.
    void deleteConnection();
    bool importFile(const QString &path);
    bool exportFile(const QString &path);
    void connectNow();

    ConnectionListModel *listModel() const { return m_model; }
    QTreeView *list() const { return m_list; }
    // The last message (saved, deleted, where secrets went, what is wrong).
    QString statusText() const;
    QString keychainText() const;

Q_SIGNALS:
    // Connect to profile (its secrets as typed; saved ones are still to be read).
    void connectRequested(const ConnectionProfile &profile);
    void sandboxRequested();
    // Open the view of a Redlock group (chosen in the Redlock groups dialog); its nodes'
    // saved secrets are still to be read.
    void redlockGroupRequested(const RedlockGroup &group);
    // A save finished: the connection is in the settings and its secrets where the note says.
    void saved(const QString &id, const QString &note);
    void deleted(const QString &id);

private:
    QWidget *buildList();
    QWidget *buildEditor();
    QWidget *buildServerPage();
    QWidget *buildTlsPage();
    QWidget *buildSshPage();
    QLineEdit *secretField(SecretKind kind);
    QWidget *withBrowse(QLineEdit *field, bool directory);
    void reload(const QString &selectId = {});
    void onCurrentChanged();
    void updateKind();
    void updateTransports();
    void updateSecretPlaceholders();
    void updateButtons();
    void setColor(const QColor &color);
    void showStatus(const QString &text, bool error = false);
    // The editor's connection, checked; nothing (and the reason shown) when a field is wrong.
    std::optional<ConnectionProfile> checkedProfile();
    QString uniqueName(const QString &wanted) const;

    ConnectionStore *m_store;
    ConnectionListModel *m_model;
    QTreeView *m_list = nullptr;
    QWidget *m_listPanel = nullptr;
    QPushButton *m_newButton = nullptr;
    QPushButton *m_duplicateButton = nullptr;
    QPushButton *m_deleteButton = nullptr;
    QPushButton *m_importButton = nullptr;
    QPushButton *m_exportButton = nullptr;

    // What the editor was given: its id, and the secrets saved for it (less those forgotten).
    ConnectionProfile m_editing;
    QList<SecretKind> m_stored;

    QLineEdit *m_url = nullptr;
    QLabel *m_urlError = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_group = nullptr;
    QToolButton *m_colorButton = nullptr;
    QColor m_color;
    QCheckBox *m_production = nullptr;
    QCheckBox *m_readOnly = nullptr;
    QTabWidget *m_tabs = nullptr;

    QFormLayout *m_serverForm = nullptr;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_host = nullptr;
    QSpinBox *m_port = nullptr;
    QPlainTextEdit *m_moreNodes = nullptr;
    QLineEdit *m_master = nullptr;
    QLineEdit *m_sentinelUser = nullptr;
    QLineEdit *m_socket = nullptr;
    QWidget *m_socketRow = nullptr;
    QLineEdit *m_user = nullptr;
    QSpinBox *m_database = nullptr;
    QSpinBox *m_timeout = nullptr;

    QCheckBox *m_tls = nullptr;
    QLineEdit *m_caFile = nullptr;
    QLineEdit *m_certFile = nullptr;
    QLineEdit *m_keyFile = nullptr;
    QLineEdit *m_sni = nullptr;
    QCheckBox *m_insecure = nullptr;
    QWidget *m_tlsFields = nullptr;

    QCheckBox *m_sshUse = nullptr;
    QLineEdit *m_sshDestination = nullptr;
    QLineEdit *m_sshKey = nullptr;
    QCheckBox *m_sshAgent = nullptr;
    QWidget *m_sshFields = nullptr;

    QHash<SecretKind, QLineEdit *> m_secrets;

    QLabel *m_status = nullptr;
    QLabel *m_keychain = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_saveButton = nullptr;
    QPushButton *m_connectButton = nullptr;
    QPushButton *m_sandboxButton = nullptr;
    QPushButton *m_groupsButton = nullptr;
};
