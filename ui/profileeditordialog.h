#pragma once

#include "dialectprofile.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

// Locks → Dialect profiles: the user's in-house lock layouts, edited with a live try-out of
// the token regex, imported from and exported to JSON. Non-modal; Save asks the window to
// apply the list (profilesSubmitted) and closes only once the window says it took them.
class ProfileEditorDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProfileEditorDialog)

public:
    explicit ProfileEditorDialog(QWidget *parent = nullptr);

    void setProfiles(const QList<DialectProfile> &profiles);
    QList<DialectProfile> profiles() const { return m_profiles; }
    void selectProfile(int row);
    // The form of the selected profile, for tests and for the window's first look.
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *globEdit() const { return m_glob; }
    QComboBox *typeBox() const { return m_type; }
    QLineEdit *regexEdit() const { return m_regex; }
    QLineEdit *sampleEdit() const { return m_sample; }
    QString sampleResult() const;
    QString errorText() const;

    // Adds the file's profiles (a profile of the same id is replaced); false with the error shown.
    bool importFile(const QString &path);
    bool exportFile(const QString &path);
    void addProfile();
    void removeSelected();
    // The window's answer to profilesSubmitted: empty closes the dialog, else the error shows.
    void submissionResult(const QString &error);

Q_SIGNALS:
    void profilesSubmitted(const QList<DialectProfile> &profiles);

private:
    void loadForm();
    void storeForm();
    void tryToken();
    void showError(const QString &text);
    void chooseFile(bool forImport);

    QList<DialectProfile> m_profiles;
    int m_current = -1;
    bool m_loading = false;

    QListWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_id;
    QLineEdit *m_glob;
    QComboBox *m_type;
    QLineEdit *m_regex;
    QLineEdit *m_sample;
    QLabel *m_sampleResult;
    QLabel *m_error;
    QPushButton *m_remove;
    QDialogButtonBox *m_buttons;
};
