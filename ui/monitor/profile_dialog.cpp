#include "profile_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace lockscope::ui {

namespace {

// The form's labels, in the order the rows are made (retranslateUi walks them).
const char *const kLabels[] = {
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Name:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Host:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Port:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Database:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Unix socket:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "User (ACL):"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Password:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "CA file:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "CA folder:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Client certificate:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Client key:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Server name (SNI):"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Sentinels:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Master name:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Key pattern:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "TTL above (s):"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Held longer than (s):"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Owner changes per minute above:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Queue not moving for (s):"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Locks per owner above:"),
    QT_TRANSLATE_NOOP("lockscope::ui::ProfileDialog", "Redlock nodes:"), // placed by hand: last
};
constexpr int kRedlockLabel = int(std::size(kLabels)) - 1;

QSpinBox *spin(int min, int max)
{
    auto *s = new QSpinBox;
    s->setRange(min, max);
    s->setAccelerated(true);
    return s;
}

} // namespace

ProfileDialog::ProfileDialog(QWidget *parent)
    : QDialog(parent)
{
    for (std::size_t i = 0; i < std::size(kLabels); ++i)
        m_labels << new QLabel;
    m_name = new QLineEdit;
    m_host = new QLineEdit;
    m_port = spin(0, 65535);
    m_db = spin(0, 1000000);
    m_socket = new QLineEdit;
    m_user = new QLineEdit;
    m_password = new QLineEdit;
    m_password->setEchoMode(QLineEdit::Password);
    m_keychain = new QCheckBox;
    m_ca = new QLineEdit;
    m_caDir = new QLineEdit;
    m_cert = new QLineEdit;
    m_key = new QLineEdit;
    m_serverName = new QLineEdit;
    m_insecure = new QCheckBox;
    m_insecureNote = new QLabel;
    m_insecureNote->setWordWrap(true);
    m_insecureNote->setStyleSheet(QStringLiteral("color: #d1242f"));
    m_sentinels = new QLineEdit;
    m_master = new QLineEdit;
    m_cluster = new QCheckBox;
    m_redlockNodes = new QLineEdit;
    m_pattern = new QLineEdit;
    m_maxTtl = spin(1, 30 * 24 * 3600);
    m_maxHeld = spin(1, 30 * 24 * 3600);
    m_churn = spin(1, 1000000);
    m_queueStuck = spin(1, 30 * 24 * 3600);
    m_perOwner = spin(1, 1000000);
    m_writes = new QCheckBox;
    m_writesNote = new QLabel;
    m_writesNote->setWordWrap(true);
    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d1242f; font-weight: bold"));
    m_error->hide();

    int label = 0;
    auto *server = new QFormLayout;
    server->addRow(m_labels[label++], m_name);
    server->addRow(m_labels[label++], m_host);
    server->addRow(m_labels[label++], m_port);
    server->addRow(m_labels[label++], m_db);
    server->addRow(m_labels[label++], m_socket);
    server->addRow(m_labels[label++], m_user);
    auto *passwordRow = new QWidget;
    auto *pl = new QHBoxLayout(passwordRow);
    pl->setContentsMargins(0, 0, 0, 0);
    pl->addWidget(m_password, 1);
    pl->addWidget(m_keychain);
    server->addRow(m_labels[label++], passwordRow);
    server->addRow(QString(), m_cluster);
    server->addRow(m_labels[kRedlockLabel], m_redlockNodes);

    m_tlsBox = new QGroupBox;
    m_tlsBox->setCheckable(true);
    auto *tls = new QFormLayout(m_tlsBox);
    QWidget *row = nullptr;
    fileRow(m_ca, &row);
    tls->addRow(m_labels[label++], row);
    fileRow(m_caDir, &row, true);
    tls->addRow(m_labels[label++], row);
    fileRow(m_cert, &row);
    tls->addRow(m_labels[label++], row);
    fileRow(m_key, &row);
    tls->addRow(m_labels[label++], row);
    tls->addRow(m_labels[label++], m_serverName);
    tls->addRow(QString(), m_insecure);
    tls->addRow(QString(), m_insecureNote);
    // The warning stands beside the box only while it is ticked: it is the exception.
    connect(m_insecure, &QCheckBox::toggled, m_insecureNote, &QWidget::setVisible);
    m_insecureNote->setVisible(false);

    m_sentinelBox = new QGroupBox;
    m_sentinelBox->setCheckable(true);
    auto *sentinel = new QFormLayout(m_sentinelBox);
    sentinel->addRow(m_labels[label++], m_sentinels);
    sentinel->addRow(m_labels[label++], m_master);

    m_thresholdBox = new QGroupBox;
    auto *thresholds = new QFormLayout(m_thresholdBox);
    thresholds->addRow(m_labels[label++], m_pattern);
    thresholds->addRow(m_labels[label++], m_maxTtl);
    thresholds->addRow(m_labels[label++], m_maxHeld);
    thresholds->addRow(m_labels[label++], m_churn);
    thresholds->addRow(m_labels[label++], m_queueStuck);
    thresholds->addRow(m_labels[label++], m_perOwner);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ProfileDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ProfileDialog::reject);

    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addLayout(server);
    left->addWidget(m_tlsBox);
    left->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_sentinelBox);
    right->addWidget(m_thresholdBox);
    right->addWidget(m_writes);
    right->addWidget(m_writesNote);
    right->addStretch(1);
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    setProfile(ConnectionProfile{});
    retranslateUi();
}

QLineEdit *ProfileDialog::fileRow(QLineEdit *edit, QWidget **row, bool folder)
{
    *row = new QWidget;
    auto *l = new QHBoxLayout(*row);
    l->setContentsMargins(0, 0, 0, 0);
    auto *browse = new QPushButton;
    l->addWidget(edit, 1);
    l->addWidget(browse);
    m_browseButtons << browse;
    connect(browse, &QPushButton::clicked, this, [this, edit, folder] {
        const QString file =
            folder ? QFileDialog::getExistingDirectory(this,
                                                       tr("Choose a folder of CA "
                                                          "certificates (PEM)"),
                                                       edit->text())
                   : QFileDialog::getOpenFileName(this, tr("Choose a PEM file"), edit->text());
        if (!file.isEmpty())
            edit->setText(file);
    });
    return edit;
}

void ProfileDialog::retranslateUi()
{
    setWindowTitle(tr("Connection profile"));
    for (int i = 0; i < m_labels.size(); ++i)
        m_labels[i]->setText(tr(kLabels[i]));
    m_keychain->setText(tr("Keep in the system keychain"));
    m_keychain->setToolTip(
        m_keychainAvailable
            ? tr("The password is kept by the system keychain, never in LockScope's settings.")
            : tr("No system keychain answers here: LockScope asks for the password each time "
                 "and never writes it anywhere."));
    m_cluster->setText(tr("Redis Cluster (the address is any node: every master is scanned)"));
    m_socket->setPlaceholderText(tr("/run/redis/redis.sock (instead of host and port)"));
    m_tlsBox->setTitle(tr("TLS"));
    m_ca->setPlaceholderText(tr("the system's CA store"));
    m_caDir->setPlaceholderText(tr("a folder of PEM files"));
    m_serverName->setPlaceholderText(tr("the host"));
    m_insecure->setText(tr("Do not verify the server's certificate (insecure)"));
    m_insecureNote->setText(tr("Anyone on the network path can pose as the server and read the "
                               "password. Use it only to try a test server."));
    m_sentinelBox->setTitle(tr("Sentinel (follows failovers)"));
    m_sentinels->setPlaceholderText(tr("10.0.0.7:26379, 10.0.0.8:26379"));
    m_redlockNodes->setPlaceholderText(tr("10.0.0.8:6379, 10.0.0.9:6379 (the other nodes)"));
    m_redlockNodes->setToolTip(
        tr("A Redlock deployment: the other independent servers its locks are taken on, each "
           "reached with this profile's user, password, TLS and database. The monitor watches "
           "them together and says who holds each key's majority."));
    m_thresholdBox->setTitle(tr("What to watch"));
    m_writes->setText(tr("Allow writes (force-release a lock, enable notifications)"));
    m_writesNote->setText(tr("Off by default: the connection then refuses every write command "
                             "before it is sent. Each write still asks for confirmation."));
    for (QWidget *b : m_browseButtons)
        static_cast<QPushButton *>(b)->setText(tr("Browse…"));
}

void ProfileDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void ProfileDialog::setKeychainAvailable(bool available)
{
    m_keychainAvailable = available;
    m_keychain->setEnabled(available);
    if (!available)
        m_keychain->setChecked(false);
    retranslateUi();
}

bool ProfileDialog::savePasswordInKeychain() const
{
    return m_keychainAvailable && m_keychain->isChecked();
}

QString ProfileDialog::errorText() const
{
    return m_error->isVisible() || !m_error->text().isEmpty() ? m_error->text() : QString();
}

void ProfileDialog::setProfile(const ConnectionProfile &p)
{
    m_name->setText(p.name);
    m_host->setText(p.host);
    m_port->setValue(p.port);
    m_db->setValue(p.db);
    m_socket->setText(p.unixSocket);
    m_user->setText(p.username);
    m_password->setText(p.password);
    m_hadPassword = p.hasPassword;
    m_password->setPlaceholderText(p.hasPassword ? tr("(unchanged)") : QString());
    m_keychain->setChecked(p.hasPassword && m_keychainAvailable);
    m_tlsBox->setChecked(p.tls);
    m_ca->setText(p.caFile);
    m_caDir->setText(p.caDir);
    m_cert->setText(p.certFile);
    m_key->setText(p.keyFile);
    m_serverName->setText(p.serverName);
    m_insecure->setChecked(p.insecure);
    m_insecureNote->setVisible(p.insecure);
    m_sentinelBox->setChecked(p.sentinel);
    m_sentinels->setText(p.sentinels);
    m_master->setText(p.masterName);
    m_cluster->setChecked(p.cluster);
    m_redlockNodes->setText(p.redlockNodes);
    m_pattern->setText(p.pattern);
    m_maxTtl->setValue(int(p.thresholds.maxTtlMs / 1000));
    m_maxHeld->setValue(int(p.thresholds.maxHeldMs / 1000));
    m_churn->setValue(p.thresholds.maxOwnerChangesPerMinute);
    m_queueStuck->setValue(int(p.thresholds.queueStuckMs / 1000));
    m_perOwner->setValue(p.thresholds.maxLocksPerOwner);
    m_writes->setChecked(p.allowWrites);
}

ConnectionProfile ProfileDialog::profile() const
{
    ConnectionProfile p;
    p.name = m_name->text().trimmed();
    p.host = m_host->text().trimmed();
    p.port = m_port->value();
    p.db = m_db->value();
    p.unixSocket = m_socket->text().trimmed();
    p.username = m_user->text();
    p.password = m_password->text();
    p.hasPassword = !p.password.isEmpty() || m_hadPassword;
    p.tls = m_tlsBox->isChecked();
    p.caFile = m_ca->text().trimmed();
    p.caDir = m_caDir->text().trimmed();
    p.certFile = m_cert->text().trimmed();
    p.keyFile = m_key->text().trimmed();
    p.serverName = m_serverName->text().trimmed();
    p.insecure = m_insecure->isChecked();
    p.sentinel = m_sentinelBox->isChecked();
    p.sentinels = m_sentinels->text();
    p.masterName = m_master->text().trimmed();
    p.cluster = m_cluster->isChecked();
    p.redlockNodes = m_redlockNodes->text();
    p.pattern = m_pattern->text();
    p.thresholds.maxTtlMs = qint64(m_maxTtl->value()) * 1000;
    p.thresholds.maxHeldMs = qint64(m_maxHeld->value()) * 1000;
    p.thresholds.maxOwnerChangesPerMinute = m_churn->value();
    p.thresholds.queueStuckMs = qint64(m_queueStuck->value()) * 1000;
    p.thresholds.maxLocksPerOwner = m_perOwner->value();
    p.allowWrites = m_writes->isChecked();
    return p;
}

QWidget *ProfileDialog::fieldWidget(ConnectionProfile::Field field) const
{
    using F = ConnectionProfile::Field;
    switch (field) {
    case F::Name:
        return m_name;
    case F::Host:
        return m_host;
    case F::Port:
        return m_port;
    case F::Database:
        return m_db;
    case F::UnixSocket:
        return m_socket;
    case F::CaFile:
        return m_ca;
    case F::CaDir:
        return m_caDir;
    case F::CertFile:
        return m_cert;
    case F::KeyFile:
        return m_key;
    case F::ServerName:
        return m_serverName;
    case F::Sentinels:
        return m_sentinels;
    case F::MasterName:
        return m_master;
    case F::Cluster:
        return m_cluster;
    case F::Pattern:
        return m_pattern;
    case F::Thresholds:
        return m_maxTtl;
    case F::RedlockNodes:
        return m_redlockNodes;
    case F::None:
        break;
    }
    return nullptr;
}

void ProfileDialog::accept()
{
    QString error;
    ConnectionProfile::Field field = ConnectionProfile::Field::None;
    if (!profile().validate(&error, &field)) {
        m_error->setText(error);
        m_error->show();
        if (QWidget *w = fieldWidget(field))
            w->setFocus();
        return; // everything typed stays
    }
    m_error->clear();
    m_error->hide();
    QDialog::accept();
}

} // namespace lockscope::ui
