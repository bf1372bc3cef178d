#pragma once

#include "demoparameters.h"
#include "demorecipe.h"

#include <QList>
#include <QString>

#include <optional>

// Which side of a scenario runs: the classic mistake, or the pattern that fixes it.
// Oversell also has a run with no lock at all.
enum class DemoVariant { Unlocked, Broken, Fixed };

// One training scenario: what it teaches, and for each variant what runs (the recipe),
// with which defaults and how the panel explains it. The catalogue is constant data.
struct DemoScenario
{
    struct Variant
    {
        DemoVariant variant;
        QString text; // what this run does; %ttl%, %pause%, %work%, %stock%, %stuck% are filled in
        DemoRecipe recipe;
        DemoParameters defaults;
    };

    QString id;
    QString title;   // in English, as --json prints it; translated() for people
    QString summary; // one line, for `lockscope demo --list`
    QString lesson;  // the paragraph shown beside the charts
    QList<Variant> variants;

    const Variant *variant(DemoVariant v) const;
    bool hasVariant(DemoVariant v) const { return variant(v) != nullptr; }
    QStringList variantIds() const;
    // The variant's text, translated, with the run's numbers in it.
    QString variantText(DemoVariant v, const DemoParameters &parameters) const;

    static QString variantId(DemoVariant v);
    static QString variantTitle(DemoVariant v); // "Broken", translated
    // A title, summary, lesson or variant text of the catalogue in the user's language.
    static QString translated(const QString &english);
    static std::optional<DemoVariant> parseVariant(const QString &id);

    // All scenarios, in teaching order.
    static const QList<DemoScenario> &catalog();
    static const DemoScenario *find(const QString &id);
};
