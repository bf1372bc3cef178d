#include "theme.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>

namespace {
const QString portalService = QStringLiteral("org.freedesktop.portal.Desktop");
const QString portalPath = QStringLiteral("/org/freedesktop/portal/desktop");
const QString portalSettings = QStringLiteral("org.freedesktop.portal.Settings");
const QString appearance = QStringLiteral("org.freedesktop.appearance");
const QString colorSchemeKey = QStringLiteral("color-scheme");

// The portal's color-scheme: 1 prefers dark, 2 prefers light, 0 has no preference. Read()
// wraps the value in one variant more than the signal does; unwrap whatever comes.
std::optional<Theme::Scheme> portalScheme(QVariant value)
{
    while (value.canConvert<QDBusVariant>() && value.userType() == qMetaTypeId<QDBusVariant>())
        value = value.value<QDBusVariant>().variant();
    bool ok = false;
    const uint v = value.toUInt(&ok);
    if (!ok || v == 0 || v > 2)
        return std::nullopt;
    return v == 1 ? Theme::Scheme::Dark : Theme::Scheme::Light;
}

QString fusion()
{
    return QStringLiteral("Fusion");
}
} // namespace

Theme::Theme(QObject *parent)
    : QObject(parent)
    , m_platformPalette(QGuiApplication::palette())
    , m_platformStyle(QApplication::style() ? QApplication::style()->name() : QString())
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    connect(QGuiApplication::styleHints(), &QStyleHints::colorSchemeChanged, this, [this] {
        if (m_choice == AppSettings::Theme::System)
            apply();
    });
#endif
    askPortal();
}

Theme::~Theme() = default;

void Theme::askPortal()
{
    // Without a session bus there is no portal; do not let D-Bus try to start one.
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
        return;
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return;
    // A D-Bus signal can only be connected by the slot's name: QtDBus has no member-pointer
    // form (style point 8 is about Qt's own signals).
    bus.connect(portalService, portalPath, portalSettings, QStringLiteral("SettingChanged"), this,
                SLOT(onPortalSettingChanged(QString,QString,QDBusVariant)));
    QDBusMessage call = QDBusMessage::createMethodCall(portalService, portalPath, portalSettings, QStringLiteral("Read"));
    call << appearance << colorSchemeKey;
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 3000), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QVariant> reply = *w;
        if (!reply.isError())
            setSystemPreference(portalScheme(reply.value()));
    });
}

void Theme::onPortalSettingChanged(const QString &group, const QString &key, const QDBusVariant &value)
{
    if (group == appearance && key == colorSchemeKey)
        setSystemPreference(portalScheme(value.variant()));
}

void Theme::setSystemPreference(std::optional<Scheme> scheme)
{
    m_systemPreference = scheme;
    if (m_choice == AppSettings::Theme::System && m_appliedOnce)
        apply();
}

Theme::Scheme Theme::systemScheme() const
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    switch (QGuiApplication::styleHints()->colorScheme()) {
    case Qt::ColorScheme::Dark:
        return Scheme::Dark;
    case Qt::ColorScheme::Light:
        return Scheme::Light;
    default:
        break;
    }
#endif
    if (m_systemPreference)
        return *m_systemPreference;
    return isDark(m_platformPalette) ? Scheme::Dark : Scheme::Light;
}

void Theme::setChoice(AppSettings::Theme choice)
{
    m_choice = choice;
    apply();
}

void Theme::apply()
{
    const Scheme wanted = m_choice == AppSettings::Theme::Dark    ? Scheme::Dark
                          : m_choice == AppSettings::Theme::Light ? Scheme::Light
                                                                  : systemScheme();
    const bool platformFits = isDark(m_platformPalette) == (wanted == Scheme::Dark);
    if (m_appliedOnce && wanted == m_applied)
        return;
    // The platform's own look where it already is the scheme wanted (a KDE dark colour
    // scheme stays as its user made it); otherwise Fusion with our palette, since a native
    // style may ignore a palette it did not make.
    if (platformFits) {
        if (!m_platformStyle.isEmpty() && QApplication::style()->name() != m_platformStyle)
            QApplication::setStyle(m_platformStyle);
        QApplication::setPalette(m_platformPalette);
    } else {
        if (QApplication::style()->name().compare(fusion(), Qt::CaseInsensitive) != 0)
            QApplication::setStyle(fusion());
        QApplication::setPalette(wanted == Scheme::Dark ? darkPalette() : lightPalette());
    }
    const bool changed = !m_appliedOnce || wanted != m_applied;
    m_applied = wanted;
    m_appliedOnce = true;
    if (changed)
        Q_EMIT schemeChanged(wanted);
}

bool Theme::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Active, QPalette::Window).lightness() < 128;
}

QPalette Theme::lightPalette()
{
    QStyle *style = QStyleFactory::create(fusion());
    QPalette palette = style ? style->standardPalette() : QPalette(Qt::lightGray);
    delete style;
    return palette;
}

QPalette Theme::darkPalette()
{
    // Fusion's dark colours, as KDE's Breeze Dark and most dark themes lay them out: a
    // window a step lighter than the views, text not quite white, one blue for selection
    // and links.
    const QColor window(0x31, 0x36, 0x3b);
    const QColor base(0x23, 0x26, 0x29);
    const QColor alternate(0x2a, 0x2e, 0x32);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x86, 0x8b);
    const QColor highlight(0x3d, 0xae, 0xe9);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternate);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(125));
    p.setColor(QPalette::Mid, window.darker(120));
    p.setColor(QPalette::Dark, window.darker(160));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb6, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xdb));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, window.lighter(130));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

QColor Theme::color(Role role, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (role) {
    case Role::Ok:
        return dark ? QColor(0x5c, 0xc9, 0x7b) : QColor(0x1b, 0x7f, 0x3b);
    case Role::Warning:
        return dark ? QColor(0xe8, 0xa8, 0x3c) : QColor(0xa0, 0x60, 0x00);
    case Role::Error:
        return dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xb3, 0x26, 0x1e);
    case Role::Muted:
        break;
    }
    return dark ? QColor(0x9a, 0xa0, 0xa6) : QColor(0x6b, 0x6b, 0x6b);
}

QString Theme::colorName(Role role)
{
    return color(role, QGuiApplication::palette()).name();
}
