#include "appsettings.h"

#include "discoveryoptions.h"

#include <algorithm>

namespace {
template <typename T>
T clampNamed(T value, T low, T high, const char *name, QStringList *changes)
{
    const T in = std::clamp(value, low, high);
    if (in != value && changes)
        *changes << QString::fromLatin1(name);
    return in;
}
} // namespace

QList<KeyPattern> AppSettings::defaultPatterns()
{
    return DiscoveryOptions::defaultPatterns();
}

AppSettings AppSettings::clamped(QStringList *changes) const
{
    AppSettings s = *this;
    s.refreshIntervalMs = clampNamed(refreshIntervalMs, minRefreshMs, maxRefreshMs, "refresh interval", changes);
    s.budgetPercent = clampNamed(budgetPercent, minBudgetPercent, maxBudgetPercent, "server time budget", changes);
    if (rescanIntervalMs != 0)
        s.rescanIntervalMs = clampNamed(rescanIntervalMs, minRescanMs, maxRescanMs, "rescan interval", changes);
    s.stuckAfterMs = clampNamed(stuckAfterMs, minStuckMs, maxStuckMs, "stuck threshold", changes);
    s.chartWindowMs = clampNamed(chartWindowMs, minChartWindowMs, maxChartWindowMs, "chart window", changes);
    s.valueCapBytes = clampNamed(valueCapBytes, minValueCap, maxValueCap, "value read cap", changes);
    // A window that scans for nothing shows nothing, forever: back to the defaults.
    if (s.patterns.isEmpty()) {
        s.patterns = defaultPatterns();
        if (changes)
            *changes << QStringLiteral("patterns");
    }
    return s;
}

QString AppSettings::themeId(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

std::optional<AppSettings::Theme> AppSettings::parseTheme(const QString &id)
{
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
        if (id.compare(themeId(t), Qt::CaseInsensitive) == 0)
            return t;
    return std::nullopt;
}
