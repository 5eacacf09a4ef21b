//! Java 17: `javac`, then the JVM beside it. A whole program is any class with `main`, whatever its
//! name; the file is compiled under its public class's name (as `javac` demands and judges do),
//! and the class that holds `main` is run. A LeetCode file is LeetCode's `class Solution` alone:
//! it is compiled as `Solution.java` with LeetCode's implicit imports put on its first line (no
//! line moves), beside the driver, which makes a `new Solution()` a test case as LeetCode does.
//!
//! A JVM reserves far more address space than it uses: it gets no address-space cap, its heap is
//! sized to the run's memory limit, and its memory is what the cgroup (or the resident set) says
//! it uses. One processor and the serial collector keep its threads few.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::context::{resolve_tool, BuildContext, Compiled, RunContext, Tool};
use super::signature::{declares_c_like, identifiers, occurrences, squeeze, Declared};
use super::{About, Executor, Launch};
use crate::error::Error;
use crate::problem::{Method, Problem};

pub struct Java;

/// The longest file name Linux's file systems take, in bytes.
const NAME_MAX: usize = 255;

/// LeetCode's implicit imports, on the first line of a LeetCode file.
const IMPORTS: &str =
    "import java.util.*; import java.util.function.*; import java.util.stream.*; import java.math.*; ";

/// What every JVM of a build or a run is given: quick to start, few threads.
const JVM_FLAGS: &[&str] =
    &["-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1", "-XX:-UsePerfData", "-Xshare:auto"];

/// The LeetCode driver's class.
const DRIVER_CLASS: &str = "QueensJudgeDriver";

impl Executor for Java {
    fn about(&self) -> &'static About {
        &About {
            id: "java",
            name: "Java",
            extensions: &["java"],
            default_command: "javac -encoding UTF-8",
            install_hint: "apt-get install openjdk-17-jdk-headless",
        }
    }

    fn explain_crash(&self, how: &str, stderr: &str) -> Option<String> {
        super::crash::uncaught_exception(how, stderr)
    }

    fn out_of_memory_messages(&self) -> &'static [&'static str] {
        // The heap is sized to the memory limit.
        &["java.lang.OutOfMemoryError"]
    }

    fn read(&self, code: &str) -> Declared {
        let strip_modifiers = |code: &str| {
            let mut code = code.to_string();
            for modifier in ["public ", "private ", "protected ", "static ", "final ", "synchronized "] {
                code = code.replace(modifier, " ");
            }
            code
        };
        let plain = strip_modifiers(code);
        Declared::new(main_class(code).is_some(), |method| match method {
            Method::SolveNQueens => {
                declares_c_like(&plain, "solveNQueens", &["List<List<String>>"], &["int"])
            }
            Method::TotalNQueens => declares_c_like(&plain, "totalNQueens", &["int"], &["int"]),
        })
    }

    fn signature(&self, method: Method) -> &'static str {
        match method {
            Method::SolveNQueens => "public List<List<String>> solveNQueens(int n)",
            Method::TotalNQueens => "public int totalNQueens(int n)",
        }
    }

    fn refused_by(&self, problem: Problem, code: &str) -> Option<String> {
        if let Some(refused) = super::refused_language(self.id(), self.name(), problem) {
            return Some(refused);
        }
        // POJ, UVa and AOJ run `java Main` from the default package: a program whose class has
        // another name, or that declares a package, would most likely not run there.
        let class = problem.java_class()?;
        let judge = problem.judge();
        match (main_class(code), package(code)) {
            (_, Some(package)) => Some(format!(
                "{judge} runs the class `{class}` of the default package, and this program declares \
                 `package {package};`: remove that line for {judge}"
            )),
            (Some(name), None) if name == class => None,
            (Some(name), None) => {
                Some(format!("{judge} runs the class `{class}`, and this program's is `{name}`"))
            }
            (None, None) => {
                Some(format!("{judge} runs the class `{class}`, and this file has no `main` method"))
            }
        }
    }

    fn build(&self, context: &BuildContext) -> Result<Compiled, Error> {
        let javac = context.tool()?;
        let prefixes = installation(&javac);
        let mut words: Vec<OsString> = JVM_FLAGS.iter().map(|flag| format!("-J{flag}").into()).collect();
        words.extend(context.command[1..].iter().map(OsString::from));
        words.extend(["-d".into(), context.at("classes").into_os_string()]);
        let code = super::signature::strip_comments(context.text, super::signature::Comments::CStyle);
        let (file, entry) = if context.is_leetcode() {
            context.write("java/Solution.java", &format!("{IMPORTS}{}", context.text))?;
            context.write(&format!("java/{DRIVER_CLASS}.java"), &driver(context.problems))?;
            words.push(context.at(&format!("java/{DRIVER_CLASS}.java")).into_os_string());
            ("java/Solution.java".to_string(), DRIVER_CLASS.to_string())
        } else {
            let name = public_class(&code).unwrap_or_else(|| "Main".to_string());
            // javac demands the file be named after the class, and no file system takes a name
            // past 255 bytes: the file's own fault, a CE like javac's, not the machine's.
            if name.len() + ".java".len() > NAME_MAX {
                return Ok(Compiled::Refused(format!(
                    "{}: the public class's name is {} bytes long: javac needs a file named after it, \
                     and a file's name takes at most {NAME_MAX} bytes",
                    context.user_path().display(),
                    name.len()
                )));
            }
            let file = format!("java/{name}.java");
            context.write(&file, context.text)?;
            let entry = main_class(&code).unwrap_or(name);
            (file, package(&code).map_or_else(|| entry.clone(), |package| format!("{package}.{entry}")))
        };
        context.write("classes/.keep", "")?;
        let source = context.at(&file);
        words.insert(words.len() - usize::from(context.is_leetcode()), source.clone().into_os_string());
        Ok(match context.run(&javac.program, &prefixes, &words, &[source])? {
            Compiled::Done { .. } => Compiled::Done { entry },
            other => other,
        })
    }

    fn launch(&self, context: &RunContext) -> Result<Launch, Error> {
        let javac = resolve_tool(context.command.first().map_or("javac", String::as_str))?;
        let java = javac.program.with_file_name("java");
        let heap_megabytes = (context.memory_bytes >> 20).saturating_mul(3) / 4;
        let mut args: Vec<OsString> = JVM_FLAGS.iter().map(OsString::from).collect();
        args.extend([format!("-Xmx{}m", heap_megabytes.max(16)).into(), "-Xss64m".into()]);
        if context.answer_channel {
            // The driver writes on descriptor 3 through java.io's own FileDescriptor: /proc/self/fd
            // is closed to a program that changed its user.
            args.push("--add-opens=java.base/java.io=ALL-UNNAMED".into());
        }
        args.extend(["-cp".into(), context.at("classes").into_os_string(), context.entry.into()]);
        if context.answer_channel {
            args.push(context.problem_argument().into());
        }
        Ok(Launch { program: java, args, prefixes: installation(&javac) })
    }

    fn reserves_memory(&self) -> bool {
        true
    }

    fn self_test(&self) -> &'static str {
        "public class SelfTest {\n    public static void main(String[] args) throws Exception {\n        byte[] input = System.in.readAllBytes();\n        int stars = 0;\n        for (byte b : input) if (b == '*') stars++;\n        System.out.println(stars);\n    }\n}\n"
    }

    fn self_test_name(&self) -> &'static str {
        "SelfTest"
    }

    fn version_command(&self, command: &[String]) -> Vec<String> {
        // Without its performance data: it would leave /tmp/hsperfdata_USER behind.
        vec![command.first().cloned().unwrap_or_default(), "-J-XX:-UsePerfData".into(), "-version".into()]
    }
}

/// The JDK's installation and the folders its configuration links lead to (Debian keeps it in
/// `/etc/java-17-openjdk`), which the sandbox must show.
fn installation(javac: &Tool) -> Vec<PathBuf> {
    let mut prefixes = javac.prefixes.clone();
    for prefix in &javac.prefixes {
        for folder in ["conf", "conf/security", "lib", "lib/security"] {
            let Ok(entries) = std::fs::read_dir(prefix.join(folder)) else { continue };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_symlink() {
                    if let Some(parent) = std::fs::canonicalize(&path).ok().as_deref().and_then(Path::parent)
                    {
                        let parent = parent.to_path_buf();
                        if !parent.starts_with("/usr") && !prefixes.contains(&parent) {
                            prefixes.push(parent);
                        }
                    }
                }
            }
        }
    }
    prefixes
}

/// The public top-level class, which names the file (a nested class, public or not, does not).
fn public_class(code: &str) -> Option<String> {
    occurrences(code, "class").into_iter().find_map(|(before, after)| {
        // Top level: the braces before the declaration are all closed.
        let offset = after.as_ptr() as usize - code.as_ptr() as usize;
        let head = &code[..offset];
        let depth = head.matches('{').count().saturating_sub(head.matches('}').count());
        let words = identifiers(before);
        (depth == 0 && words.contains("public")).then(|| class_name(after)).flatten()
    })
}

/// The file's package (`package a.b;`), whose name the JVM puts before its classes'.
fn package(code: &str) -> Option<String> {
    let declaration = code.trim_start().strip_prefix("package")?;
    let name: String = declaration.split(';').next()?.chars().filter(|c| !c.is_whitespace()).collect();
    (!name.is_empty()).then_some(name)
}

fn class_name(after: &str) -> Option<String> {
    let name: String =
        after.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
    (!name.is_empty()).then_some(name)
}

/// The class that declares `static void main(String[] args)`, as the JVM names it (`Outer$Inner`
/// for a nested one): found by following braces, class by class.
fn main_class(code: &str) -> Option<String> {
    let bytes = code.as_bytes();
    let mut stack: Vec<Option<String>> = Vec::new();
    let mut pending: Option<String> = None;
    let mut index = 0;
    while index < bytes.len() {
        let c = bytes[index];
        if c == b'"' || c == b'\'' {
            // Skip a literal, so that its braces count for nothing.
            index += 1;
            while index < bytes.len() && bytes[index] != c {
                index += if bytes[index] == b'\\' { 2 } else { 1 };
            }
        } else if c == b'{' {
            stack.push(pending.take());
        } else if c == b'}' {
            stack.pop();
        } else if c.is_ascii_alphabetic()
            && (index == 0 || !(bytes[index - 1].is_ascii_alphanumeric() || bytes[index - 1] == b'_'))
        {
            let end = code[index..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(code.len(), |end| index + end);
            let word = &code[index..end];
            if matches!(word, "class" | "interface" | "enum" | "record") {
                pending = class_name(&code[end..]);
            } else if word == "main" && is_main(code, index, end) {
                let names: Vec<&str> = stack.iter().flatten().map(String::as_str).collect();
                return (!names.is_empty()).then(|| names.join("$"));
            }
            index = end;
            continue;
        }
        index += 1;
    }
    None
}

/// Whether the word `main` at `start..end` is `static void main(` with one `String` array.
fn is_main(code: &str, start: usize, end: usize) -> bool {
    let statement_start = code[..start].rfind([';', '{', '}']).map_or(0, |at| at + 1);
    let before = &code[statement_start..start];
    let words = identifiers(before);
    // `String[] args`, `String args[]`, `String... args`, `final String[] args`, `@A String[] a`.
    let parameters = super::signature::parenthesized(&code[end..]).map(|(inside, _)| {
        let inside = inside.replace("final ", " ");
        let inside = inside.split_whitespace().filter(|word| !word.starts_with('@')).collect::<String>();
        inside.replace("java.lang.", "")
    });
    words.contains("static")
        && squeeze(before).ends_with("void")
        && parameters.is_some_and(|parameters| {
            !parameters.contains(',')
                && (parameters.starts_with("String[]")
                    || parameters.starts_with("String...")
                    || parameters.starts_with("String") && parameters.ends_with("[]"))
        })
}

/// The driver: every test of a submission in one process, as LeetCode runs them (the session
/// protocol: `R` on descriptor 3 once `Solution` is loaded, then per test a line with n on stdin and
/// a frame on descriptor 3), a `new Solution()` a test. What `Solution`'s static fields (and its
/// nested classes') hold before a test's call, where it differs from what they held once loaded,
/// goes with the test's answer: a fresh process would not have it.
fn driver(problems: &[Problem]) -> String {
    let mut text = format!("{DRIVER_HEAD}public class {DRIVER_CLASS} {{\n{DRIVER_STATE}{DRIVER_MAIN}");
    for method in Method::asked_by(problems) {
        text.push_str(match method {
            Method::SolveNQueens => DRIVER_51,
            Method::TotalNQueens => DRIVER_52,
        });
    }
    text.push_str(DRIVER_TAIL);
    text
}

const DRIVER_HEAD: &str = "import java.io.*;\nimport java.lang.reflect.*;\nimport java.nio.charset.StandardCharsets;\nimport java.util.*;\n\n";

/// The fingerprints of static fields and the lines that show a changed one.
const DRIVER_STATE: &str = r#"    /** What a static field held: a scalar by value; a collection, a map or an array by identity
        and size (an array by its contents' hash too); anything else by identity. */
    static final class Print {
        final Object identity;
        final String value;
        final int size, contents;

        Print(Object identity, String value, int size, int contents) {
            this.identity = identity;
            this.value = value;
            this.size = size;
            this.contents = contents;
        }

        boolean same(Print other) {
            return identity == other.identity && Objects.equals(value, other.value) && size == other.size
                && contents == other.contents;
        }
    }

    static boolean scalar(Object value) {
        return value == null || value instanceof Number || value instanceof Boolean || value instanceof Character
            || value instanceof String;
    }

    static Print print(Object value) {
        if (scalar(value)) return new Print(null, value == null ? "null" : value.getClass().getName() + ":" + value, 0, 0);
        if (value.getClass().isArray()) return new Print(value, null, Array.getLength(value), contents(value, 0));
        if (value instanceof Collection) return new Print(value, null, ((Collection<?>) value).size(), 0);
        if (value instanceof Map) return new Print(value, null, ((Map<?, ?>) value).size(), 0);
        return new Print(value, null, 0, 0);
    }

    /** An array's contents' hash, through the arrays it holds (a few deep); other objects in it by identity. */
    static int contents(Object array, int depth) {
        if (array instanceof int[]) return Arrays.hashCode((int[]) array);
        if (array instanceof long[]) return Arrays.hashCode((long[]) array);
        if (array instanceof boolean[]) return Arrays.hashCode((boolean[]) array);
        if (array instanceof char[]) return Arrays.hashCode((char[]) array);
        if (array instanceof byte[]) return Arrays.hashCode((byte[]) array);
        if (array instanceof short[]) return Arrays.hashCode((short[]) array);
        if (array instanceof double[]) return Arrays.hashCode((double[]) array);
        if (array instanceof float[]) return Arrays.hashCode((float[]) array);
        int hash = 1;
        for (Object item : (Object[]) array) {
            int one;
            if (item == null) one = 0;
            else if (item.getClass().isArray() && depth < 4) one = contents(item, depth + 1);
            else if (scalar(item)) one = item.toString().hashCode();
            else one = System.identityHashCode(item);
            hash = 31 * hash + one;
        }
        return hash;
    }

    static String described(Object value) {
        String text;
        if (value == null) text = "null";
        else if (value instanceof String) text = '"' + (String) value + '"';
        else if (value instanceof Character) text = "'" + value + "'";
        else if (scalar(value)) text = value.toString();
        else {
            String kind = value.getClass().getSimpleName();
            if (kind.isEmpty()) kind = value.getClass().getName();
            String article = "AEIOUaeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ";
            if (value.getClass().isArray()) return article + kind + " of " + Array.getLength(value);
            if (value instanceof Collection) {
                int size = ((Collection<?>) value).size();
                return article + kind + " of " + size + (size == 1 ? " item" : " items");
            }
            if (value instanceof Map) {
                int size = ((Map<?, ?>) value).size();
                return article + kind + " of " + size + (size == 1 ? " entry" : " entries");
            }
            return article + kind;
        }
        text = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }

    /** The static fields of a class and of the classes nested in it, made readable. */
    static void staticFields(Class<?> owner, List<Field> fields) {
        for (Field field : owner.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
                field.setAccessible(true);
                fields.add(field);
            }
        }
        for (Class<?> nested : owner.getDeclaredClasses()) staticFields(nested, fields);
    }

"#;

/// `main`, up to the call.
const DRIVER_MAIN: &str = r#"    public static void main(String[] args) throws Exception {
        String problem = args.length > 0 ? args[0] : "";
        // Loaded now, so that its static initialisers run before the first test, as in a fresh process.
        Class<?> solutionClass = Class.forName("Solution");
        List<Field> fields = new ArrayList<>();
        staticFields(solutionClass, fields);
        List<Print> baseline = new ArrayList<>();
        for (Field field : fields) baseline.add(print(field.get(null)));
        FileDescriptor descriptor = new FileDescriptor();
        Field number = FileDescriptor.class.getDeclaredField("fd");
        number.setAccessible(true);
        number.setInt(descriptor, 3);
        OutputStream channel = new FileOutputStream(descriptor);
        channel.write(new byte[] {'R', '\n'});
        channel.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            int n = Integer.parseInt(line.trim());
            StringBuilder out = new StringBuilder();
            StringBuilder state = new StringBuilder();
            Solution solution = new Solution();
            for (int i = 0; i < fields.size(); i++) {
                Object value = fields.get(i).get(null);
                if (!baseline.get(i).same(print(value))) {
                    Field field = fields.get(i);
                    state.append(field.getDeclaringClass().getName().replace('$', '.')).append('.').append(field.getName())
                        .append('\t').append(described(value)).append('\n');
                }
            }
"#;

const DRIVER_51: &str = r#"            if (problem.equals("51")) {
                List<List<String>> boards = solution.solveNQueens(n);
                out.append(boards.size()).append('\n');
                for (List<String> board : boards) {
                    out.append(board.size()).append('\n');
                    for (String row : board) {
                        out.append(String.valueOf(row).replace("\n", "\\n").replace("\r", "\\r")).append('\n');
                    }
                }
            }
"#;

const DRIVER_52: &str = r#"            if (problem.equals("52")) {
                out.append(solution.totalNQueens(n)).append('\n');
            }
"#;

/// What this test printed goes out first, then the frame: `A <answer> <state>`, the answer, the
/// state.
const DRIVER_TAIL: &str = r#"            System.out.flush();
            byte[] answer = out.toString().getBytes(StandardCharsets.UTF_8);
            byte[] carried = state.toString().getBytes(StandardCharsets.UTF_8);
            channel.write(("A " + answer.length + " " + carried.length + "\n").getBytes(StandardCharsets.UTF_8));
            channel.write(answer);
            channel.write(carried);
            channel.flush();
        }
        channel.close();
    }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_with_main_whatever_its_name() {
        let code = "import java.util.*;\npublic class Queens {\n    static int count(char[][] b) { return 0; }\n    public static void main(String[] args) {\n        System.out.println(\"{\");\n    }\n}\n";
        assert_eq!(public_class(code).as_deref(), Some("Queens"));
        assert_eq!(main_class(code).as_deref(), Some("Queens"));
        assert!(Java.read(code).program);
        let nested = "class Outer {\n    static class Inner {\n        static public void main(String... args) {}\n    }\n}\n";
        assert_eq!(main_class(nested).as_deref(), Some("Outer$Inner"));
        assert_eq!(public_class(nested), None);
        // The C-style array, `final`, and a public nested class before the public one.
        let old_style = "class Util { public static class Pair {} }\npublic class Main {\n    public static void main(final String args[]) {}\n}\n";
        assert_eq!(public_class(old_style).as_deref(), Some("Main"));
        assert_eq!(main_class(old_style).as_deref(), Some("Main"));
        assert_eq!(package("package cses.queens;\npublic class Main {}").as_deref(), Some("cses.queens"));
    }

    #[test]
    fn one_process_runs_every_test() {
        let driver = driver(&[Problem::from_id("leetcode52").expect("a problem")]);
        // Loaded (static initialisers run) and its state's baseline taken, then ready, then a
        // frame a line: the state is read after `new Solution()`, before the call.
        let at = |text: &str| driver.find(text).unwrap_or_else(|| panic!("no {text}"));
        assert!(
            at("Class.forName(\"Solution\")") < at("baseline.add(")
                && at("baseline.add(") < at("{'R', '\\n'}")
        );
        assert!(at("{'R', '\\n'}") < at("in.readLine()"));
        assert!(
            at("new Solution()") < at("baseline.get(i).same(")
                && at("baseline.get(i).same(") < at(".totalNQueens(n)")
        );
        assert!(!driver.contains("solveNQueens") && driver.contains("public class QueensJudgeDriver {"));
    }

    #[test]
    fn an_overload_is_a_helper() {
        let code = "class Solution {\n    private void solveNQueens(int row, int n, boolean[] cols, int[] count) {}\n    public int totalNQueens(int n) {\n        int[] count = new int[1];\n        solveNQueens(0, n, new boolean[n], count);\n        return count[0];\n    }\n}\n";
        let declared = Java.read(code);
        assert!(
            declared.declares(Method::TotalNQueens)
                && !declared.declares(Method::SolveNQueens)
                && !declared.program
        );
        assert!(Java
            .read("class Solution {\n    public List<List<String>> solveNQueens(int n) { return null; }\n}")
            .declares(Method::SolveNQueens));
    }
}
