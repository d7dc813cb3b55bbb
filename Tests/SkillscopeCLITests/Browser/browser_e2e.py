#!/usr/bin/env python3
"""Drives the real `skillscope serve` in headless Chromium (selenium + Debian's chromium-driver).

Usage: browser_e2e.py BASE_URL TOKEN SCREENSHOT_DIR IDS_JSON
IDS_JSON names the files the steps open: hostile, skill, claude, cursor, copy (a word-for-word copy of skill)
and edited (an edited copy of it).
Prints one line per step; exits 1 at the first failed step. Every page is saved at 390 and at 1280 px wide.
"""
import base64
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, token, shots, ids = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
os.makedirs(shots, exist_ok=True)
downloads = tempfile.mkdtemp()
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,1200"]:
    options.add_argument(flag)
options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                          "download.prompt_for_download": False})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(30)
driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})


def check(condition, step):
    if not condition:
        driver.save_screenshot(os.path.join(shots, "failed.png"))
        print("FAIL " + step)
        driver.quit()
        sys.exit(1)
    print("ok " + step)


def shot(name):
    """The whole page (up to 6,000 px tall) at 390 and at 1280 px wide, from its top."""
    for width in (390, 1280):
        driver.set_window_size(width, 1000)
        driver.execute_script("window.scrollTo(0, 0)")
        # Nothing may be wider than the screen: a page that scrolls sideways does not read at 390.
        if width == 390:
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            check(wide <= 390, f"{name} fits 390 px (scroll width {wide})")
            # Nor may anything stick out of it, or scroll sideways inside its own box (the file's text did: a phone
            # showed the first 40 characters of every line).
            wider = driver.execute_script("""
                const out = [];
                for (const e of document.querySelectorAll('body *')) {
                    const box = e.getBoundingClientRect();
                    const label = e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : '');
                    if (box.width > 0 && box.right > window.innerWidth + 1 && !e.closest('.skip, .visually-hidden'))
                        out.push(label + ' ends at ' + Math.round(box.right));
                    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
                        out.push(label + ' scrolls sideways (' + e.scrollWidth + ' in ' + e.clientWidth + ')');
                }
                return out.slice(0, 5);""")
            check(not wider, f"{name}: no element wider than 390 px {wider}")
        metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        height = min(6000, int(metrics["cssContentSize"]["height"]))
        image = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        with open(os.path.join(shots, f"{name}-{width}.png"), "wb") as out:
            out.write(base64.b64decode(image["data"]))
    driver.set_window_size(390, 1200)


def text(selector="main"):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def seed_elements(name):
    """Every element of the seed file pages, on the page open now."""
    present = lambda css: len(driver.find_elements(By.CSS_SELECTOR, css)) > 0
    page = text()
    check(present(".file-head .kind") and present(".file-head .stars") and present(".file-head .changed")
          and present(".file-head .license"), f"{name}: kind, stars, changed and licence")
    github = driver.find_element(By.CSS_SELECTOR, "a.github").get_attribute("href")
    check(github.startswith("https://github.com/") and "/blob/" in github, f"{name}: View on GitHub links the file")
    check("use a version of this" in page and "Adopted by" in page and "Most recently taken up by" in page,
          f"{name}: adoption")
    bands = driver.find_elements(By.CSS_SELECTOR, "section.band")
    check([b.get_attribute("data-band") for b in bands] == ["word-for-word", "edited", "own"],
          f"{name}: each band its own list")
    check("How matches are found" in page, f"{name}: how matches are found")
    check(present(".rating-filter") and present("ol.rules li a[href^='#L']"), f"{name}: rules link their lines")
    check(present("a[href$='/download.zip']"), f"{name}: download")
    check("Does it work?" in page and "registry_write" in page and present("details.connect"),
          f"{name}: does it work, with the agent hint")
    check(present("section.your-trail") and present("section.your-own a[href='/analyze']"), f"{name}: trail and your own")
    check(present("header a[href='/analyze']"), f"{name}: the header links analyze")


try:
    driver.get(base + "/")
    check("Skillscope" in driver.title, "the home page loads")
    shot("home")
    kind_link = driver.find_element(By.CSS_SELECTOR, "ul.kinds a[href='/search?kind=skill']")
    kind_link.click()
    WebDriverWait(driver, 20).until(lambda d: "kind=skill" in d.current_url)
    facts = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "ol.results li .facts")]
    check(len(facts) > 0 and all(f.startswith("Skill ·") for f in facts), "browse by kind lists that kind")
    shot("browse")

    box = driver.find_element(By.ID, "q")
    box.send_keys("swiftui patterns")
    box.submit()
    WebDriverWait(driver, 20).until(lambda d: "/search?" in d.current_url and "q=" in d.current_url)
    summaries = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "ol.results details.copies summary")]
    check(any("identical cop" in s for s in summaries), "search folds word-for-word copies: " + repr(summaries))
    hits = [e.get_attribute("href") for e in driver.find_elements(By.CSS_SELECTOR, "ol.results li a.hit")]
    folded = [e.get_attribute("href") for e in driver.find_elements(By.CSS_SELECTOR, "details.copies a")]
    copy = "/files/" + str(ids["copy"])
    check(not any(h.endswith(copy) for h in hits) and any(h.endswith(copy) for h in folded),
          "the word-for-word copy is folded under the original, not a hit of its own")
    check(all("changed" in e.text for e in driver.find_elements(By.CSS_SELECTOR, "ol.results li .facts")),
          "each hit has its date")
    shot("search")
    driver.get(base + "/search?q=zzqqxx")
    check("Nothing matches" in text(), "an empty search says what to try")
    driver.get(base + "/search?q=swiftui&offset=5000")
    check("past the end" in text(), "a page past the end says so")

    driver.get(base + "/files/" + str(ids["skill"]))
    seed_elements("skill")
    nodes = driver.find_elements(By.CSS_SELECTOR, "svg.lineage g.node")
    edges = driver.find_elements(By.CSS_SELECTOR, "svg.lineage path.edge")
    check(len(nodes) >= 2 and len(edges) == len(nodes) - 1, f"the lineage has one edge per version ({len(edges)} "
          f"edges, {len(nodes)} nodes)")
    rules = driver.find_elements(By.CSS_SELECTOR, "ol.rules li")
    shown = lambda rating: [r for r in rules if r.get_attribute("data-rating") == rating and r.is_displayed()]
    present = [r.get_attribute("data-rating") for r in rules]
    rating = max(set(present), key=present.count)
    before = len(shown(rating))
    driver.find_element(By.ID, "show-" + rating).click()
    check(before > 0 and len(shown(rating)) == 0, f"the filter hides the {rating} rules")
    check(all(r.is_displayed() for r in rules if r.get_attribute("data-rating") != rating),
          "the filter leaves the other ratings shown")
    driver.find_element(By.ID, "show-" + rating).click()
    check(len(shown(rating)) == before, "the filter shows them again")
    link = driver.find_element(By.CSS_SELECTOR, "ol.rules li a[href^='#L']")
    target = link.get_attribute("href").split("#")[1]
    link.click()
    check(driver.execute_script("return document.querySelector(':target') && document.querySelector(':target').id")
          == target, "a rule link moves to its line")
    shot("file")
    # The page's contents reach the rules and the reviews.
    for anchor, heading in (("#rules", "rules"), ("#reviews", "reviews")):
        driver.find_element(By.CSS_SELECTOR, f"nav.contents a[href='{anchor}']").click()
        check(driver.execute_script("return location.hash") == anchor
              and driver.execute_script(f"return document.getElementById('{heading}').getBoundingClientRect().top")
              < 400, f"the contents link {anchor} reaches its section")
    # Dark mode: the same page with prefers-color-scheme: dark, its ground dark and its text light.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(base + "/files/" + str(ids["skill"]))
    ground = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    ink = driver.execute_script("return getComputedStyle(document.body).color")
    check(ground == "rgb(20, 20, 20)" and ink == "rgb(236, 236, 234)", f"dark mode ({ground} on {ink})")
    shot("file-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})

    driver.get(base + "/files/" + str(ids["claude"]))
    seed_elements("CLAUDE.md")
    shot("file-claude")
    driver.get(base + "/files/" + str(ids["cursor"]))
    seed_elements("cursor rule")
    shot("file-cursor")

    driver.get(base + "/files/" + str(ids["skill"]))
    driver.find_element(By.CSS_SELECTOR, "input[name=outcome][value=worked]").click()
    driver.find_element(By.ID, "used_for").send_keys("a settings screen")
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "form[action$='/reviews'] button").click()
    WebDriverWait(driver, 20).until(lambda d: d.current_url.endswith("#reviews"))
    page = text("body")
    check("It worked" in page and "a settings screen" in page, "a review posted with a token shows on the page")
    shot("review")

    driver.get(base + "/files/" + str(ids["hostile"]))
    check(driver.execute_script("return window.__pwned === undefined"), "markup in a file does not run")
    check("<script>window.__pwned" in text("body"), "markup in a file shows as text")
    shot("hostile")

    driver.get(base + "/compare?a=" + str(ids["skill"]) + "&b=" + str(ids["edited"]))
    html = driver.page_source
    check(len(driver.find_elements(By.CSS_SELECTOR, "ol.changes li.change")) > 0, "compare lists the changes")
    check(html.index("ol class=\"changes\"") < html.index("details class=\"kept\""), "compare shows changes first")
    check(len(driver.find_elements(By.CSS_SELECTOR, "li.change ins, li.change del")) > 0,
          "changed words are highlighted")
    check(not driver.find_element(By.CSS_SELECTOR, "details.kept").get_attribute("open"), "kept rules are folded")
    shot("compare")

    driver.get(base + "/analyze")
    shot("analyze")
    upload = Path(tempfile.mkdtemp()) / "CLAUDE.md"
    upload.write_text("# Project\n\n- Run `make test` before every commit.\n- Keep functions short.\n")
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    WebDriverWait(driver, 10).until(lambda d: "make test" in d.find_element(By.ID, "text").get_attribute("value"))
    driver.find_element(By.CSS_SELECTOR, "form[action='/analyze'] button").click()
    WebDriverWait(driver, 20).until(lambda d: d.title.startswith("Analysis"))
    check("2 rules" in text() and "make test" in text(), "analyze splits an uploaded file into rules")
    shot("analysis")

    # Trail and remix: the files opened above are in the trail.
    driver.get(base + "/files/" + str(ids["claude"]))
    trail = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#trail-files li")]
    check(len(trail) >= 3, "the file page's trail lists the files opened: " + repr(trail))
    driver.find_element(By.ID, "trail-remix").click()
    WebDriverWait(driver, 20).until(lambda d: "/remix" in d.current_url)
    fieldsets = driver.find_elements(By.TAG_NAME, "fieldset")
    check(len(fieldsets) >= 2, "the remix page lists the trail's files")
    for fieldset in fieldsets[:2]:
        fieldset.find_elements(By.CSS_SELECTOR, "input[type=checkbox]")[0].click()
    driver.find_element(By.ID, "name").send_keys("trail-remix")
    driver.find_element(By.ID, "description").send_keys("Rules picked from two files. Use when trying the remix.")
    driver.find_element(By.CSS_SELECTOR, "form[action='/remix'] button").click()
    skill = WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "skill")).get_attribute("value")
    check(skill.startswith("---\nname: trail-remix\n"), "a remix builds a SKILL.md from the picked rules")
    shot("remix")
    driver.find_element(By.ID, "download-skill").click()
    saved = Path(downloads) / "SKILL.md"
    deadline = time.time() + 20
    while not saved.exists() and time.time() < deadline:
        time.sleep(0.2)
    check(saved.exists(), "the remix downloads as SKILL.md")
    from skills_ref import validate
    folder = Path(tempfile.mkdtemp()) / "trail-remix"
    folder.mkdir()
    (folder / "SKILL.md").write_text(saved.read_text())
    problems = validate(folder)
    check(not problems, "the downloaded SKILL.md passes the reference validator: " + repr(problems))
finally:
    driver.quit()
print("browser: all steps passed")
