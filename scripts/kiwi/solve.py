#!/usr/bin/python3
"""Solves linear constraint systems with kiwisolver, the reference for SplashLab's Cassowary solver.

    /usr/bin/python3 scripts/kiwi/solve.py [FILE]

Reads a JSON array of systems (LinearSystemDescription, Sources/LaunchImport/Cassowary) from FILE
or stdin and prints a JSON array with one result per system, in order:

    {"values": {"name": value, ...}}                the solution
    {"error": "unsatisfiable", "index": i}          constraints[i] is required and cannot hold
    {"error": "internal", "message": "...", "stage": "constraints[i]" | "edits"}
                                                    kiwi's InternalSolverError, such as "The
                                                    objective is unbounded."
    {"error": "other", "message": "..."}            any other refusal (duplicate edit, bad strength)

Each system is solved as LinearSystemDescription.solve() solves it: constraints added in order,
then every edit variable, then each suggested value, then the values read.

Run it with /usr/bin/python3: Debian's python3-kiwisolver is installed for that interpreter.

kiwisolver 1.4.4 does not turn kiwi's InternalSolverError into a Python exception: the C++
exception ends the process. So each system is solved in a forked child, which reports each stage
before it runs it; a child that dies is reported as an internal error at its last stage, with
the message kiwi printed.

Where the optimum is not unique, kiwi's answer depends on the order of its symbols, which it
numbers as constraints first name their variables. Within one constraint kiwi takes the
variables in the order of their addresses in memory, so this script first learns that order for
a set of fresh variables (from the solver's own dump, which lists variables in it) and names them
so that address order is the order the system lists its variables in: the order in which the
Swift side creates them, which is its rule in that place.
"""
import json
import os
import sys

try:
    import kiwisolver
except ImportError:
    sys.stderr.write("kiwisolver is not installed for %s: apt-get install python3-kiwisolver\n" % sys.executable)
    sys.exit(3)


def variables_in_address_order(count):
    """`count` fresh variables, sorted by the address of their kiwi data."""
    pool = [kiwisolver.Variable(str(i)) for i in range(count)]
    if count == 0:
        return pool
    probe = kiwisolver.Solver()
    probe.addConstraint(kiwisolver.Constraint(
        kiwisolver.Expression([kiwisolver.Term(v, 1.0) for v in pool], 0.0), "=="))
    lines = probe.dumps().split("\n")
    start = lines.index("Variables") + 2  # after the title and its underline
    order = []
    for line in lines[start:]:
        if not line:
            break
        order.append(int(line.split(" = ")[0]))
    if sorted(order) != list(range(count)):
        raise RuntimeError("could not read the variable order from the solver's dump")
    return [pool[i] for i in order]


def solve(system, stage=lambda name: None):
    names = system["variables"]
    variables = {}
    for name, variable in zip(names, variables_in_address_order(len(names))):
        variable.setName(name)
        variables[name] = variable

    solver = kiwisolver.Solver()
    for index, description in enumerate(system["constraints"]):
        terms = [kiwisolver.Term(variables[name], float(coefficient)) for name, coefficient in description["terms"]]
        expression = kiwisolver.Expression(terms, float(description.get("constant", 0.0)))
        strength = float(description.get("strength", kiwisolver.strength.required))
        constraint = kiwisolver.Constraint(expression, description["op"], strength)
        stage("constraints[%d]" % index)
        try:
            solver.addConstraint(constraint)
        except kiwisolver.UnsatisfiableConstraint:
            return {"error": "unsatisfiable", "index": index}
    stage("edits")
    try:
        edits = system.get("edits", [])
        for edit in edits:
            solver.addEditVariable(variables[edit["variable"]], float(edit["strength"]))
        for edit in edits:
            solver.suggestValue(variables[edit["variable"]], float(edit["suggest"]))
    except Exception as error:  # duplicate edit, required strength: reported, not raised
        return {"error": "other", "message": "%s: %s" % (type(error).__name__, error)}
    solver.updateVariables()
    return {"values": {name: variable.value() for name, variable in variables.items()}}


def solve_in_child(system):
    """solve(system) in a forked child, so that kiwi ending the process ends only the child."""
    results_read, results_write = os.pipe()
    errors_read, errors_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(results_read)
        os.close(errors_read)
        os.dup2(errors_write, 2)
        with os.fdopen(results_write, "w") as results:
            def stage(name):
                results.write(json.dumps({"stage": name}) + "\n")
                results.flush()
            results.write(json.dumps(solve(system, stage)) + "\n")
        os._exit(0)
    os.close(results_write)
    os.close(errors_write)
    with os.fdopen(results_read) as results:
        lines = results.read().splitlines()
    with os.fdopen(errors_read) as errors:
        printed = errors.read()
    _, status = os.waitpid(pid, 0)
    if status == 0 and lines and "stage" not in json.loads(lines[-1]):
        return json.loads(lines[-1])
    stage = json.loads(lines[-1])["stage"] if lines else "start"
    message = printed.split("what():", 1)[-1].strip() if "what():" in printed else printed.strip()
    return {"error": "internal", "message": message, "stage": stage}


def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    with source:
        systems = json.load(source)
    json.dump([solve_in_child(system) for system in systems], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
