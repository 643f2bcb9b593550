// English left behind: finds the texts of a window shown in another language that still hold
// English words (titles, labels, buttons, tooltips, menus, actions, combo items, tabs, model
// headers and cells). Ids, Redis commands, units and product names are not English words here.
// Used by the i18n tests and by `lockscope --check-translation`, which the clean-room check runs
// on the installed package (Qt's own catalogues missing leave "Cancel" on standard buttons).
#pragma once

#include <QStringList>

class QAbstractItemView;
class QObject;
class QWidget;

namespace lockscope::ui {

// The English words of a text, after ids, Redis syntax and the allowed words are taken out.
QStringList englishWords(QString text);

class UntranslatedTextFinder {
public:
    // Checks one text of `object` (`what` names the property in the report).
    void check(const QObject *object, const char *what, const QString &text);
    // Every text of `window` and of its children, hidden ones included.
    void walk(QWidget &window);

    // One line per text with English in it: object path, property, text, the English words.
    const QStringList &offenders() const { return m_offenders; }

private:
    void checkModel(const QAbstractItemView *view);

    QStringList m_offenders;
};

} // namespace lockscope::ui
