#include "apptranslator.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace {
const QString catalogueDir = QStringLiteral(":/i18n");
const QString prefix = QStringLiteral("lockscope_");
} // namespace

QStringList AppTranslator::available()
{
    QStringList codes;
    const QStringList files = QDir(catalogueDir).entryList({prefix + QStringLiteral("*.qm")}, QDir::Files, QDir::Name);
    for (const QString &file : files)
        codes << file.mid(prefix.size(), file.size() - prefix.size() - 3);
    return codes;
}

QString AppTranslator::normalize(const QString &language)
{
    QString text = language.trimmed().section(QLatin1Char('.'), 0, 0).replace(QLatin1Char('-'), QLatin1Char('_'));
    if (text.isEmpty())
        return {};
    const QLocale locale(text);
    if (locale.language() == QLocale::C || locale.language() == QLocale::AnyLanguage)
        return {};
    // QLocale fills a territory in ("zh" → zh_CN); keep what was asked for unless it named one.
    return text.contains(QLatin1Char('_')) ? locale.name() : locale.name().section(QLatin1Char('_'), 0, 0);
}

QString AppTranslator::install(QCoreApplication *app, const QString &language, bool *missing)
{
    if (missing)
        *missing = false;
    const QString wanted = normalize(language);
    // The locale the catalogues are looked up by: the one asked for, or the system's list of
    // UI languages in order ("zh_CN" finds lockscope_zh_CN.qm, "zh_TW" falls back to "zh").
    const QLocale locale = wanted.isEmpty() ? QLocale::system() : QLocale(wanted);
    const bool english = locale.language() == QLocale::English;
    if (english)
        return QStringLiteral("en");
    auto *own = new QTranslator(app);
    if (!own->load(locale, QStringLiteral("lockscope"), QStringLiteral("_"), catalogueDir)) {
        delete own;
        if (missing && !wanted.isEmpty())
            *missing = true;
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(own);
    // Qt's own strings (standard buttons, file dialogs), from the Qt translations package.
    auto *qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return own->language().isEmpty() ? locale.name() : own->language();
}
