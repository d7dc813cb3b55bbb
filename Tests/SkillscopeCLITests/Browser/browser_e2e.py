#!/usr/bin/env python3
"""Drives the real `skillscope serve` in headless Chromium (selenium + Debian's chromium-driver).

Usage: browser_e2e.py BASE_URL TOKEN HOSTILE_FILE_ID SCREENSHOT_DIR
Prints one line per step; exits 1 at the first failed step.
"""
import os
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, token, hostile_id, shots = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
os.makedirs(shots, exist_ok=True)
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,1200"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(30)
alerts = []


def check(condition, step):
    if not condition:
        driver.save_screenshot(os.path.join(shots, "failed.png"))
        print("FAIL " + step)
        driver.quit()
        sys.exit(1)
    print("ok " + step)


def shot(name):
    driver.save_screenshot(os.path.join(shots, name + ".png"))


try:
    driver.get(base + "/")
    check("Skillscope" in driver.title, "the search page loads")
    check(driver.find_element(By.TAG_NAME, "main") is not None, "the page has a main landmark")
    shot("home")
    box = driver.find_element(By.ID, "q")
    box.send_keys("swiftui state")
    box.submit()
    WebDriverWait(driver, 20).until(lambda d: "/search" in d.current_url)
    results = driver.find_elements(By.CSS_SELECTOR, "ol.results li a")
    check(len(results) > 0, "a search lists files")
    shot("search")
    results[0].click()
    check("/files/" in driver.current_url, "a result opens its file page")
    file_url = driver.current_url.split("#")[0]
    rule = driver.find_elements(By.CSS_SELECTOR, "ol.rules li a")
    check(len(rule) > 0, "the file page lists rules with line links")
    target = rule[0].get_attribute("href").split("#")[1]
    rule[0].click()
    check(driver.current_url.endswith("#" + target), "a rule link moves to its line")
    check(driver.execute_script("return document.querySelector(':target') && document.querySelector(':target').id")
          == target, "the rule's line is the page's target")
    shot("file")

    driver.get(file_url)
    driver.find_element(By.CSS_SELECTOR, "input[name=outcome][value=worked]").click()
    driver.find_element(By.ID, "used_for").send_keys("a settings screen")
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "form[action$='/reviews'] button").click()
    WebDriverWait(driver, 20).until(lambda d: d.current_url.endswith("#reviews"))
    page = driver.find_element(By.TAG_NAME, "body").text
    check("It worked" in page and "a settings screen" in page, "a review posted with a token shows on the page")
    shot("review")

    driver.get(base + "/files/" + hostile_id)
    page = driver.page_source
    check(driver.execute_script("return window.__pwned === undefined"), "markup in a file does not run")
    check("<script>window.__pwned" in driver.find_element(By.TAG_NAME, "body").text,
          "markup in a file shows as text")
    shot("hostile")

    file_id = file_url.rstrip("/").split("/")[-1]
    driver.get(base + "/compare?a=" + file_id + "&b=" + hostile_id)
    check("kept" in driver.find_element(By.TAG_NAME, "main").text, "the compare page lists rules by change")
    shot("compare")

    driver.get(base + "/analyze")
    upload = Path(tempfile.mkdtemp()) / "CLAUDE.md"
    upload.write_text("# Project\n\n- Run `make test` before every commit.\n- Keep functions short.\n")
    driver.find_element(By.ID, "upload").send_keys(str(upload))
    WebDriverWait(driver, 10).until(lambda d: "make test" in d.find_element(By.ID, "text").get_attribute("value"))
    driver.find_element(By.CSS_SELECTOR, "form[action='/analyze'] button").click()
    WebDriverWait(driver, 20).until(lambda d: d.title.startswith("Analysis") or d.title.startswith("Project"))
    text = driver.find_element(By.TAG_NAME, "main").text
    check("2 rules" in text and "make test" in text, "analyze splits an uploaded file into rules")
    shot("analyze")

    # Trail and remix: the two files opened above (the SwiftUI skill and the hostile one) are in the trail.
    driver.get(base + "/")
    remix_link = WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "remix-link"))
    check("Remix from these" in remix_link.text, "the trail of opened files links the remix page")
    remix_link.click()
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
    from skills_ref import validate
    folder = Path(tempfile.mkdtemp()) / "trail-remix"
    folder.mkdir()
    (folder / "SKILL.md").write_text(skill)
    problems = validate(folder)
    check(not problems, "the remixed SKILL.md passes the reference validator: " + repr(problems))
finally:
    driver.quit()
print("browser: all steps passed")
