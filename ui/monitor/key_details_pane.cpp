#include "key_details_pane.h"

#include "key_details.h"

#include <QAbstractItemModel>
#include <QCoreApplication>

namespace lockscope::ui {

KeyDetailsPane::KeyDetailsPane(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
}

void KeyDetailsPane::showEntry(const KeyEntry &entry, const QString &server,
                               const QList<Anomaly> &anomalies, qint64 nowUs)
{
    setHtml(keyDetailsHtml(entry, server, anomalies, nowUs));
}

void KeyDetailsPane::showRow(const QAbstractItemModel &model, int row)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (int c = 0; c < model.columnCount(); ++c) {
        const QString value = model.index(row, c).data().toString();
        if (value.isEmpty())
            continue;
        html += QStringLiteral("<tr><td style='padding-right:10px'><b>%1</b></td><td>%2</td></tr>")
                    .arg(model.headerData(c, Qt::Horizontal).toString().toHtmlEscaped(),
                         value.toHtmlEscaped());
    }
    setHtml(html + QStringLiteral("</table>"));
}

void KeyDetailsPane::retranslate()
{
    // The texts split out of the page keep its translation context.
    setPlaceholderText(QCoreApplication::translate(
        "lockscope::ui::MonitorPage", "Select a key to see what LockScope decoded from it."));
}

} // namespace lockscope::ui
