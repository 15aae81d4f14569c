// Runs an ETDA e-Tax schematron (.sch, XPath 1) against an XML document with the JDK alone
// (decision 0084). java -Djdk.xml.xpathExprGrpLimit=0 -Djdk.xml.xpathExprOpLimit=0
// -Djdk.xml.xpathTotalOpLimit=0 scripts/etda-schematron/Sch.java <file.sch> <document.xml>
import javax.xml.parsers.*;
import javax.xml.xpath.*;
import javax.xml.namespace.NamespaceContext;
import org.w3c.dom.*;
import java.io.File;
import java.util.*;

/** A minimal ISO Schematron (XPath 1) runner: ns, pattern/rule context, assert, report; first matching rule per pattern. */
public class Sch {
  public static void main(String[] a) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Document sch = f.newDocumentBuilder().parse(new File(a[0]));
    Document doc = f.newDocumentBuilder().parse(new File(a[1]));
    String S = "http://purl.oclc.org/dsdl/schematron";
    Map<String, String> ns = new HashMap<>();
    NodeList nsl = sch.getElementsByTagNameNS(S, "ns");
    for (int i = 0; i < nsl.getLength(); i++) {
      Element e = (Element) nsl.item(i);
      ns.put(e.getAttribute("prefix"), e.getAttribute("uri"));
    }
    XPath xp = XPathFactory.newInstance().newXPath();
    xp.setNamespaceContext(new NamespaceContext() {
      public String getNamespaceURI(String p) { return ns.getOrDefault(p, ""); }
      public String getPrefix(String u) { return null; }
      public Iterator<String> getPrefixes(String u) { return null; }
    });
    int failures = 0, rules = 0, errors = 0;
    NodeList patterns = sch.getElementsByTagNameNS(S, "pattern");
    for (int p = 0; p < patterns.getLength(); p++) {
      Element pattern = (Element) patterns.item(p);
      Set<Node> fired = new HashSet<>();
      NodeList rl = pattern.getElementsByTagNameNS(S, "rule");
      for (int r = 0; r < rl.getLength(); r++) {
        Element rule = (Element) rl.item(r);
        String ctx = rule.getAttribute("context");
        String expr = ctx.startsWith("/") ? ctx : "//" + ctx;
        NodeList nodes;
        try { nodes = (NodeList) xp.evaluate(expr, doc, XPathConstants.NODESET); }
        catch (Exception e) { errors++; System.out.println("CONTEXT ERROR " + ctx + ": " + e.getMessage()); continue; }
        rules++;
        for (int n = 0; n < nodes.getLength(); n++) {
          Node node = nodes.item(n);
          if (fired.contains(node)) continue;
          fired.add(node);
          NodeList checks = rule.getChildNodes();
          for (int c = 0; c < checks.getLength(); c++) {
            if (!(checks.item(c) instanceof Element)) continue;
            Element check = (Element) checks.item(c);
            String kind = check.getLocalName();
            if (!kind.equals("assert") && !kind.equals("report")) continue;
            boolean value;
            try { value = (Boolean) xp.evaluate(check.getAttribute("test"), node, XPathConstants.BOOLEAN); }
            catch (Exception e) { errors++; System.out.println("TEST ERROR " + check.getAttribute("test").trim().replaceAll("\\s+", " ") + ": " + e.getMessage()); continue; }
            if ((kind.equals("assert") && !value) || (kind.equals("report") && value)) {
              failures++;
              System.out.println("FAIL [" + ctx + "] " + check.getTextContent().trim().replaceAll("\\s+", " "));
            }
          }
        }
      }
    }
    System.out.println("rules " + rules + ", failures " + failures + ", evaluation errors " + errors);
  }
}
