#include "cli_commands.h"

#include "cli_common.h"

#include <QCoreApplication>

namespace lockscope::cli {

namespace {

QString usage()
{
    return QCoreApplication::translate(
        "cli",
        "Usage: lockscope-cli <command> [options]\n"
        "\n"
        "Commands:\n"
        "  strategies [--json]            the lock strategies, by id\n"
        "  scenarios [--json]             the failure scenarios, by id\n"
        "  simulate --scenario ID --strategy ID [options]\n"
        "                                 run one deterministic simulation and check it\n"
        "  compare --scenario ID [--seeds N] [--json|--csv]\n"
        "                                 every strategy on the same scenario and seeds\n"
        "  compare --all-scenarios [--seeds N] [--json|--csv]\n"
        "                                 the safety matrix: scenarios x strategies\n"
        "  demo [--scenario ID] [--strategies A,B]\n"
        "                                 a narrated simulation in the terminal\n"
        "  bench --redis HOST:PORT[,HOST:PORT...] --strategy ID [--clients N] [--keys N]\n"
        "        [--ttl MS] [--hold MS] [--duration MS] [--wait spin|backoff|pubsub] [--json]\n"
        "                                 clients contending for a lock around a shared\n"
        "                                 counter, against real Redis servers\n"
        "  monitor --redis URL [--pattern P] [--once|--follow] [--json] [--record FILE]\n"
        "          [--sentinel HOST:PORT,... --master NAME] [--allow-writes]\n"
        "                                 the lock keys of a real Redis: a snapshot or a live\n"
        "                                 history (read-only unless --allow-writes)\n"
        "  replay FILE [--json]           a recorded history and what the checker finds in it\n"
        "  explore --strategy ID|--all-strategies|--acquire-script A --release-script R\n"
        "          [--max-faults K] [--faults LIST] [--find LIST] [--scenario-dir DIR] [--json]\n"
        "                                 every placement of up to K faults: the smallest\n"
        "                                 counterexample, or none within the bound\n"
        "  whatif --recording FILE [--from T --to T] [--strategy ID|--all-strategies]\n"
        "         [--fault KIND@T ...] [--scenario-out FILE] [--anonymize] [--json]\n"
        "                                 a monitor recording's traffic replayed under other\n"
        "                                 strategies and added faults\n"
        "\n"
        "Run 'lockscope-cli <command> --help' for a command's options.\n");
}

} // namespace

int run(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    // No command is a usage error like any other: one line on stderr (the usage is on --help).
    if (args.isEmpty())
        return fail(QCoreApplication::translate(
            "cli", "no command given (strategies, scenarios, simulate, compare, "
                   "demo, bench, monitor, replay, explore, whatif); see 'lockscope-cli --help'"));
    if (args.first() == QLatin1String("help") || args.first() == QLatin1String("--help") ||
        args.first() == QLatin1String("-h")) {
        out(usage());
        return 0;
    }
    if (args.first() == QLatin1String("--version") || args.first() == QLatin1String("-v")) {
        out(QStringLiteral("lockscope-cli %1\n").arg(QCoreApplication::applicationVersion()));
        return 0;
    }
    // Each command parses its own options; the first word picks it.
    const QString command = args.first();
    QStringList rest = args;
    rest[0] = QStringLiteral("lockscope-cli ") + command;
    if (command == QLatin1String("strategies"))
        return listStrategies(rest);
    if (command == QLatin1String("scenarios"))
        return listScenarios(rest);
    if (command == QLatin1String("simulate"))
        return simulate(rest);
    if (command == QLatin1String("compare"))
        return compare(rest);
    if (command == QLatin1String("demo"))
        return demo(rest);
    if (command == QLatin1String("bench"))
        return bench(rest);
    if (command == QLatin1String("monitor"))
        return monitor(rest);
    if (command == QLatin1String("replay"))
        return replay(rest);
    if (command == QLatin1String("explore"))
        return explore(rest);
    if (command == QLatin1String("whatif"))
        return whatif(rest);
    return fail(QCoreApplication::translate(
                    "cli", "unknown command \"%1\" (strategies, scenarios, simulate, compare, "
                           "demo, bench, monitor, replay, explore, whatif)")
                    .arg(command));
}

} // namespace lockscope::cli
