#include "profileeditordialog.h"

#include "profiledialect.h"
#include "profilestore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

ProfileEditorDialog::ProfileEditorDialog(QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_id(new QLineEdit(this))
    , m_glob(new QLineEdit(this))
    , m_type(new QComboBox(this))
    , m_regex(new QLineEdit(this))
    , m_sample(new QLineEdit(this))
    , m_sampleResult(new QLabel(this))
    , m_error(new QLabel(this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Dialect profiles"));
    for (RedisType t : DialectProfile::types)
        m_type->addItem(QString::fromLatin1(redisTypeName(t)), int(t));
    m_glob->setPlaceholderText(tr("billing:lock:*   (i:… ignores case)"));
    m_regex->setPlaceholderText(tr("(?<host>[^:]+):(?<pid>\\d+):(?<time>\\d+)"));
    m_regex->setToolTip(tr("Must match the whole token. Named groups: %1").arg(DialectProfile::groupNames.join(QStringLiteral(", "))));
    m_sample->setPlaceholderText(tr("a token as your code writes it"));
    m_sampleResult->setWordWrap(true);
    m_sampleResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color:#b3261e"));
    m_error->hide();
    for (QLineEdit *e : {m_name, m_id, m_glob, m_regex, m_sample})
        e->setClearButtonEnabled(true);
    for (QLineEdit *e : {m_regex, m_sample, m_glob, m_id})
        e->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Id:"), m_id);
    form->addRow(tr("&Key glob:"), m_glob);
    form->addRow(tr("Redis &type:"), m_type);
    form->addRow(tr("Token &regex:"), m_regex);
    form->addRow(tr("Try a &token:"), m_sample);
    form->addRow(QString(), m_sampleResult);

    auto *add = new QPushButton(tr("Add"), this);
    auto *import = new QPushButton(tr("Import…"), this);
    auto *exportButton = new QPushButton(tr("Export…"), this);
    auto *listButtons = new QHBoxLayout;
    for (QPushButton *b : {add, m_remove, import, exportButton})
        listButtons->addWidget(b);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list);
    left->addLayout(listButtons);
    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 2);
    columns->addLayout(form, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    resize(860, 360);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        storeForm();
        m_current = row;
        loadForm();
    });
    for (QLineEdit *e : {m_name, m_id, m_glob, m_regex})
        connect(e, &QLineEdit::textEdited, this, &ProfileEditorDialog::storeForm);
    connect(m_type, &QComboBox::currentIndexChanged, this, &ProfileEditorDialog::storeForm);
    connect(m_sample, &QLineEdit::textChanged, this, &ProfileEditorDialog::tryToken);
    connect(add, &QPushButton::clicked, this, &ProfileEditorDialog::addProfile);
    connect(m_remove, &QPushButton::clicked, this, &ProfileEditorDialog::removeSelected);
    connect(import, &QPushButton::clicked, this, [this] { chooseFile(true); });
    connect(exportButton, &QPushButton::clicked, this, [this] { chooseFile(false); });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        storeForm();
        for (const DialectProfile &p : std::as_const(m_profiles)) {
            if (const QString why = p.validate(); !why.isEmpty()) {
                showError(why);
                return;
            }
        }
        Q_EMIT profilesSubmitted(m_profiles);
    });
    loadForm();
}

void ProfileEditorDialog::setProfiles(const QList<DialectProfile> &profiles)
{
    m_profiles = profiles;
    m_current = -1;
    m_list->clear();
    for (const DialectProfile &p : profiles)
        m_list->addItem(p.name);
    selectProfile(profiles.isEmpty() ? -1 : 0);
    loadForm();
}

void ProfileEditorDialog::selectProfile(int row)
{
    m_list->setCurrentRow(row);
}

void ProfileEditorDialog::loadForm()
{
    m_loading = true;
    const bool has = m_current >= 0 && m_current < m_profiles.size();
    const DialectProfile p = has ? m_profiles.at(m_current) : DialectProfile();
    m_name->setText(p.name);
    m_id->setText(p.id);
    m_id->setPlaceholderText(has ? p.effectiveId() : QString());
    m_glob->setText(p.keyGlob);
    m_type->setCurrentIndex(std::max(0, m_type->findData(int(p.type))));
    m_regex->setText(p.tokenRegex);
    for (QWidget *w : std::initializer_list<QWidget *>{m_name, m_id, m_glob, m_type, m_regex, m_sample, m_remove})
        w->setEnabled(has);
    m_loading = false;
    tryToken();
}

void ProfileEditorDialog::storeForm()
{
    if (m_loading || m_current < 0 || m_current >= m_profiles.size())
        return;
    DialectProfile &p = m_profiles[m_current];
    p.name = m_name->text().trimmed();
    p.id = m_id->text().trimmed();
    p.keyGlob = m_glob->text().trimmed();
    p.type = RedisType(m_type->currentData().toInt());
    p.tokenRegex = m_regex->text();
    m_id->setPlaceholderText(p.effectiveId());
    if (QListWidgetItem *item = m_list->item(m_current))
        item->setText(p.name.isEmpty() ? tr("(unnamed)") : p.name);
    m_error->hide();
    tryToken();
}

void ProfileEditorDialog::tryToken()
{
    if (m_current < 0 || m_current >= m_profiles.size()) {
        m_sampleResult->clear();
        return;
    }
    const DialectProfile &p = m_profiles.at(m_current);
    if (const QString why = p.validate(); !why.isEmpty()) {
        m_sampleResult->setText(why);
        return;
    }
    if (m_sample->text().isEmpty()) {
        m_sampleResult->setText(tr("Type a token to see what the regex makes of it."));
        return;
    }
    const std::optional<LockHolder> h = ProfileDialect(p).decode(m_sample->text().toUtf8());
    if (!h) {
        m_sampleResult->setText(tr("No match: keys with this token would not be read as this dialect."));
        return;
    }
    QStringList parts;
    if (!h->holder.isEmpty())
        parts << tr("holder: %1").arg(h->holder);
    for (const auto &[name, value] : h->fields)
        parts << QStringLiteral("%1: %2").arg(name, value);
    m_sampleResult->setText(tr("Match. %1").arg(parts.isEmpty() ? tr("(no named groups)") : parts.join(QStringLiteral(" · "))));
}

QString ProfileEditorDialog::sampleResult() const
{
    return m_sampleResult->text();
}

QString ProfileEditorDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void ProfileEditorDialog::showError(const QString &text)
{
    m_error->setText(text);
    m_error->show();
}

void ProfileEditorDialog::addProfile()
{
    storeForm();
    DialectProfile p;
    p.name = tr("New profile %1").arg(m_profiles.size() + 1);
    p.keyGlob = QStringLiteral("myapp:lock:*");
    p.tokenRegex = QStringLiteral("(?<host>[^:]+):(?<pid>\\d+)");
    m_profiles << p;
    m_list->addItem(p.name);
    selectProfile(int(m_profiles.size()) - 1);
    m_name->setFocus();
    m_name->selectAll();
}

void ProfileEditorDialog::removeSelected()
{
    const int row = m_current;
    if (row < 0 || row >= m_profiles.size())
        return;
    m_current = -1; // nothing to store from the form of a removed profile
    m_profiles.removeAt(row);
    delete m_list->takeItem(row);
    m_current = m_list->currentRow();
    loadForm();
}

bool ProfileEditorDialog::importFile(const QString &path)
{
    storeForm();
    QString error;
    const std::optional<QList<DialectProfile>> read = ProfileStore::readFile(path, &error);
    if (!read) {
        showError(error);
        return false;
    }
    QList<DialectProfile> merged = m_profiles;
    for (const DialectProfile &p : *read) {
        merged.removeIf([&p](const DialectProfile &q) { return q.effectiveId() == p.effectiveId(); });
        merged << p;
    }
    setProfiles(merged);
    selectProfile(int(merged.size() - read->size()));
    return true;
}

bool ProfileEditorDialog::exportFile(const QString &path)
{
    storeForm();
    QString error;
    if (!ProfileStore::writeFile(path, m_profiles, &error)) {
        showError(error);
        return false;
    }
    return true;
}

void ProfileEditorDialog::chooseFile(bool forImport)
{
    auto *chooser = new QFileDialog(this, forImport ? tr("Import dialect profiles") : tr("Export dialect profiles"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setNameFilter(tr("JSON (*.json)"));
    chooser->setAcceptMode(forImport ? QFileDialog::AcceptOpen : QFileDialog::AcceptSave);
    chooser->setFileMode(forImport ? QFileDialog::ExistingFile : QFileDialog::AnyFile);
    chooser->setDefaultSuffix(QStringLiteral("json"));
    connect(chooser, &QFileDialog::fileSelected, this, [this, forImport](const QString &path) {
        forImport ? importFile(path) : exportFile(path);
    });
    chooser->open();
}

void ProfileEditorDialog::submissionResult(const QString &error)
{
    if (error.isEmpty())
        accept();
    else
        showError(error);
}
