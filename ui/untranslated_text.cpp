#include "untranslated_text.h"

#include "explore/explore_faults.h"

#include "common/key_table_model.h"
#include "common/language.h"
#include "lock/strategy_registry.h"
#include "sim/scenario.h"
#include "workspace/command_log_model.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QRegularExpression>
#include <QSet>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>

#include <algorithm>

namespace lockscope::ui {

namespace {

// Words that stay as they are in Chinese: Redis commands and replies, protocol and product
// names, units, key syntax in command templates, keyboard keys, Redis type names.
const QSet<QString> &allowedWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> w;
        for (const char *s : {"SET",       "SETNX",    "GET",         "GETSET",
                              "DEL",       "EXPIRE",   "PEXPIRE",     "PTTL",
                              "TTL",       "INCR",     "HINCRBY",     "EVAL",
                              "EVALSHA",   "NX",       "PX",          "OK",
                              "nil",       "KEYS",     "ARGV",        "SCRIPT",
                              "KILL",      "NOSCRIPT", "NOAUTH",      "READONLY",
                              "LOADING",   "BUSY",     "MOVED",       "Lua",
                              "LockScope", "Redis",    "Redlock",     "Redisson",
                              "RLock",     "GC",       "VM",          "JSON",
                              "Lines",     "PNG",      "SVG",         "Qt",
                              "CSV",       "ACL",      "TLS",         "Home",
                              "End",       "Ctrl",     "Shift",       "Alt",
                              "Backspace", "ms",       "fence",       "token",
                              "ttl",       "key",      "field",       "client",
                              "thread",    "hash",     "string",      "fencing",
                              "CONFIG",    "SCAN",     "Enter",       "Esc",
                              "URL",       "HTML",     "Jain",        "UUID",
                              "RFairLock", "Sentinel", "Cluster",     "CA",
                              "PEM",       "Unix",     "RFencedLock", "RReadWriteLock",
                              "SNI"})
            w.insert(QString::fromLatin1(s));
        return w;
    }();
    return words;
}

// Ids and names that are not words of a language: strategy and scenario ids, languages' own
// names in View > Language, command lines.
QStringList allowedPhrases()
{
    QStringList phrases = strategyIds() + builtinScenarioIds();
    for (ExploreFault f : allExploreFaults()) // lockscope-cli explore --faults ids
        phrases << exploreFaultId(f);
    phrases << QStringLiteral("stop-the-world") << QStringLiteral("English")
            << QStringLiteral("lockscope-cli bench") // command lines
            << QStringLiteral("lockscope-cli simulate") << QStringLiteral("lockscope-cli explore");
    // Longest first, so "set-nx-px-get-del" goes before "set-nx-px-del" could cut into it.
    std::sort(phrases.begin(), phrases.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return phrases;
}

// The English words of a text, after the allowed phrases and words are taken out. Key names
// ("lock:0"), node names ("redis-1", and "resource": the protected counter's node in the command
// log), step ids ("acquire.set"), file names and <placeholders> in command templates are not
// words either.
} // namespace

QStringList englishWords(QString text)
{
    static const QStringList phrases = allowedPhrases();
    text.replace(QStringLiteral("-\n"), QStringLiteral("-")); // "set-nx-px-\nget-del"
    for (const QString &p : phrases)
        text.replace(p, QStringLiteral(" "));
    // Nor are what the monitor shows of a server: SCAN patterns ("*lock*"), the value of
    // notify-keyspace-events ("Kg$hx"), and lower-case hyphenated ids (key names such as
    // "orders-lock", owners such as "host-7/pid-4411", anomaly ids, library names such as
    // "redis-py"; a strategy id a header breaks at a hyphen is joined first).
    static const QRegularExpression notWords(QStringLiteral(
        "<[^>]*>|\\S*lock\\S*:\\S*|\\S+\\.(json|jsonl|lua|png|svg)\\b|redis-\\d+|"
        "\\b(acquire|release|renew)\\.\\w+|\\bresource\\b|\\S*\\*\\S*|"
        "notify-keyspace-events\\s+\\S+|\\b[a-z0-9]+(-[a-z0-9]+)+\\b|uuid1\\(\\)\\.hex"));
    text.replace(notWords, QStringLiteral(" "));
    static const QRegularExpression word(QStringLiteral("(?<![\\w])[A-Za-z]{2,}(?![\\w])"));
    QStringList out;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured(0);
        if (!allowedWords().contains(w))
            out << w;
    }
    return out;
}

namespace {

QString objectPath(const QObject *o)
{
    QStringList parts;
    for (; o; o = o->parent()) {
        const QString name = o->objectName();
        parts.prepend(name.isEmpty() ? QString::fromLatin1(o->metaObject()->className()) : name);
    }
    return parts.join(QLatin1Char('/'));
}

} // namespace

void UntranslatedTextFinder::check(const QObject *o, const char *what, const QString &text)
{
    QString plain = text;
    plain.remove(QLatin1Char('&'));
    const QStringList words = englishWords(plain);
    if (!words.isEmpty())
        m_offenders << QStringLiteral("%1 [%2] \"%3\" (English: %4)")
                           .arg(objectPath(o), QLatin1String(what), text.left(160),
                                words.join(QLatin1Char(' ')));
}

void UntranslatedTextFinder::checkModel(const QAbstractItemView *view)
{
    const QAbstractItemModel *model = view->model();
    if (!model)
        return;
    const int columns = model->columnCount();
    for (int c = 0; c < columns; ++c) {
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
            check(view, "header", model->headerData(c, Qt::Horizontal, role).toString());
        }
    }
    const int rows = qMin(model->rowCount(), 200);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            // Redis protocol stays as it is: the commands and replies, key names, values,
            // and the owners the monitor read out of them ("host-7/pid-4411").
            const QString header = model->headerData(c, Qt::Horizontal).toString();
            const bool protocol = header == CommandLogModel::tr("Command") ||
                                  header == CommandLogModel::tr("Reply") ||
                                  header == KeyTableModel::tr("Key") ||
                                  header == KeyTableModel::tr("Value (token)") ||
                                  header == KeyTableModel::tr("Owner");
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
                const QString text = model->index(r, c).data(role).toString();
                if (!protocol)
                    check(view, "cell", text);
            }
        }
    }
}

void UntranslatedTextFinder::walk(QWidget &window)
{
    check(&window, "windowTitle", window.windowTitle());
    if (auto *main = qobject_cast<QMainWindow *>(&window))
        check(main->statusBar(), "status", main->statusBar()->currentMessage());
    for (const QWidget *w : window.findChildren<QWidget *>()) {
        check(w, "toolTip", w->toolTip());
        check(w, "statusTip", w->statusTip());
        check(w, "whatsThis", w->whatsThis());
        if (auto *d = qobject_cast<const QDockWidget *>(w))
            check(d, "windowTitle", d->windowTitle());
        if (auto *l = qobject_cast<const QLabel *>(w)) {
            QTextDocument doc;
            doc.setHtml(l->text());
            check(l, "text", l->textFormat() == Qt::PlainText ? l->text() : doc.toPlainText());
        }
        if (auto *b = qobject_cast<const QAbstractButton *>(w))
            check(b, "text", b->text());
        if (auto *c = qobject_cast<const QComboBox *>(w)) {
            for (int i = 0; i < c->count(); ++i) {
                check(c, "item", c->itemText(i));
                check(c, "itemToolTip", c->itemData(i, Qt::ToolTipRole).toString());
            }
        }
        if (auto *t = qobject_cast<const QTabWidget *>(w)) {
            for (int i = 0; i < t->count(); ++i)
                check(t, "tab", t->tabText(i));
        }
        if (auto *m = qobject_cast<const QMenu *>(w))
            check(m, "title", m->title());
        auto *v = qobject_cast<const QAbstractItemView *>(w);
        if (v && !qobject_cast<const QHeaderView *>(w))
            checkModel(v);
        // The strategy's source is code (its notes are translated; Lua stays Lua).
        if (auto *t = qobject_cast<const QTextBrowser *>(w))
            check(t, "text", t->toPlainText());
    }
    for (const QAction *a : window.findChildren<QAction *>()) {
        if (availableLanguages().contains(a->data().toString()))
            continue;
        check(a, "text", a->text());
        check(a, "toolTip", a->toolTip());
    }
}

} // namespace lockscope::ui
