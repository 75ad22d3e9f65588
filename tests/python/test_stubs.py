"""Owns: the promise that the type stubs (bindings/hexlaw.pyi, installed beside the module with
py.typed) name exactly what the module has: every public function and class, every member of
each class, and the same parameter names as the module's own signatures."""
import ast
import pathlib
import re

import hexlaw

ROOT = pathlib.Path(__file__).resolve().parents[2]
STUB = ast.parse((ROOT / "bindings" / "hexlaw.pyi").read_text())
SIGNATURE = re.compile(r"^\w+\((.*)\) ->")


def stub_names():
    functions, classes = {}, {}
    for node in STUB.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            members = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members[item.name] = item
                elif isinstance(item, ast.AnnAssign):
                    members[item.target.id] = item
            classes[node.name] = members
    return functions, classes


def public(names):
    return {n for n in names if not n.startswith("_") or n in ("_repr_svg_", "_repr_html_")}


def params_of_doc(obj):
    """Parameter names from pybind11's signature line (None when overloaded or absent)."""
    first = (obj.__doc__ or "").strip().splitlines()[0] if obj.__doc__ else ""
    m = SIGNATURE.match(first)
    if not m:
        return None
    names = []
    for part in re.split(r",\s*(?![^\[]*\])", m.group(1)):
        name = part.split(":")[0].split("=")[0].strip()
        if name and name not in ("self", "arg0") and not name.startswith("*"):
            names.append(name)
    return names


def params_of_stub(fn):
    return [a.arg for a in fn.args.args if a.arg != "self"]


def test_the_stubs_name_every_public_function_and_class():
    functions, classes = stub_names()
    module = public(n for n in dir(hexlaw) if not n.startswith("__"))
    assert module == public(functions) | public(classes)


def test_each_class_in_the_stubs_has_the_modules_members():
    _, classes = stub_names()
    for name, members in classes.items():
        cls = getattr(hexlaw, name)
        if issubclass(cls, BaseException):
            continue
        have = public(n for n in vars(cls) if not n.startswith("__"))
        assert public(members) == have, name


def test_the_stubs_have_the_modules_parameters():
    functions, classes = stub_names()
    checked = 0
    for name, fn in functions.items():
        want = params_of_doc(getattr(hexlaw, name))
        if want is not None:
            assert params_of_stub(fn) == want, name
            checked += 1
    for cname, members in classes.items():
        for mname, node in members.items():
            if not isinstance(node, ast.FunctionDef) or mname.startswith("__"):
                continue
            obj = getattr(getattr(hexlaw, cname), mname)
            if isinstance(obj, property):
                continue
            want = params_of_doc(obj)
            if want is not None:
                assert params_of_stub(node) == want, f"{cname}.{mname}"
                checked += 1
    assert checked > 30


def test_the_stubs_and_marker_are_installed_beside_the_module():
    here = pathlib.Path(hexlaw.__file__).parent
    assert (here / "hexlaw.pyi").read_text() == (ROOT / "bindings" / "hexlaw.pyi").read_text()
    assert (here / "py.typed").exists()
